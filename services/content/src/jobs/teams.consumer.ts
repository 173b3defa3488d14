/**
 * Queue `content-teams`: keeps the club's teams as auth creates, renames and archives them, so a
 * team post can name a team content knows. A news answer shows no team's name or colour, so no
 * kept answer changes with them.
 */
import { defineConsumer } from '@teamapp/service-kit';
import type { TeamsRepo } from '../db/teams.repo';

export const teamsConsumer = (teams: TeamsRepo) =>
  defineConsumer({
    queue: 'content-teams',
    handle: async (event) => {
      await teams.apply(event);
    },
  });
