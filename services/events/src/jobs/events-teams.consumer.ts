/** Queue `events-teams`: keeps the club's teams (which exist, their names and colours) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { TeamUseCases } from '../domain/teams';

export const eventsTeamsConsumer = (teams: TeamUseCases) =>
  defineConsumer({
    queue: 'events-teams',
    handle: async (event) => {
      // The team's change drops its event lists (domain/teams.ts).
      await teams.teamChanged(event);
    },
  });
