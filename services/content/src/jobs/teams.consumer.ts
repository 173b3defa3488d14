/**
 * Queue `content-teams`: keeps the club's teams as auth creates, renames and archives them, so a
 * team post can name a team content knows and the showcase shows the public ones. A news answer
 * shows no team's name or colour; the showcase does, so a change drops the kept showcase.
 */
import type { TeamEvent } from '@teamapp/contracts';
import { defineConsumer } from '@teamapp/service-kit';

export const teamsConsumer = (showcase: { teamChanged(event: TeamEvent): Promise<boolean> }) =>
  defineConsumer({
    queue: 'content-teams',
    handle: async (event) => {
      await showcase.teamChanged(event);
    },
  });
