/**
 * The club's teams, kept from auth's team events (queue `events-teams`): which teams exist, and
 * the name and colour their events show. A team's change drops its lists (list-cache.ts).
 */
import type { TeamEvent } from '@teamapp/contracts';
import type { EventsTransaction } from '../db/repos';
import { everyTeamList } from './list-cache';

export function createTeamUseCases(deps: { inTransaction: EventsTransaction }) {
  return {
    /** Handler of the `events-teams` queue; true when the change was applied (not outdated). */
    teamChanged: (event: TeamEvent) =>
      deps.inTransaction(async (store) => {
        const applied = await store.teams.apply(event);
        if (applied) store.dropCached(...everyTeamList([event.teamId]));
        return applied;
      }),
  };
}

export type TeamUseCases = ReturnType<typeof createTeamUseCases>;
