/** Queue `chat-teams`: keeps the teams (and each team's own room) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { TeamUseCases } from '../domain/teams';

export const chatTeamsConsumer = (teams: TeamUseCases) =>
  defineConsumer({
    queue: 'chat-teams',
    handle: async (event) => {
      await teams.teamChanged(event);
    },
  });
