/**
 * Game results and the season's figures. An admin records a game's score and who
 * scored and assisted once it has started; recording again replaces it. The season stats count,
 * for every active member, the games they played (recorded presence, present or late, where
 * attendance was taken; otherwise a Going answer; and always when they scored or assisted), their
 * goals and assists, and the team's record from the recorded results.
 */
import {
  RESULT_GAMES_ONLY,
  RESULT_NOT_STARTED,
  RESULT_UNKNOWN_SCORER,
  outcomeOf,
  type ClubEvent,
  type MemberStats,
  type Scorer,
  type TeamRecord,
} from '@teamapp/contracts';
import { badRequest, notFound } from '@teamapp/service-kit';
import type { EventsRepos, EventsTransaction } from '../db/repos';
import type { ClubTime } from './club-time';
import { ATTENDED, loadEventList, toClubEvents } from './event-views';
import { EVENT_NOT_FOUND } from './events';
import { listScopesOf } from './list-cache';

export interface SeasonStats {
  members: MemberStats[];
  team: TeamRecord;
}

export function createResultUseCases(deps: {
  repos: EventsRepos;
  inTransaction: EventsTransaction;
  time: ClubTime;
  now: () => Date;
}) {
  const { repos, time } = deps;

  return {
    /** Saves the score and scorers of a game that has started; answers the game as listed. */
    async record(
      eventId: string,
      input: { ours: number; theirs: number; scorers: Scorer[] },
      recordedBy: string,
    ): Promise<ClubEvent> {
      const event = await repos.events.find(eventId);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      if (event.type !== 'game') throw badRequest(RESULT_GAMES_ONLY, 'type');
      if (event.eventDate > deps.now()) throw badRequest(RESULT_NOT_STARTED, 'eventDate');
      const members = new Set((await repos.members.all()).map((m) => m.userId));
      if (input.scorers.some((s) => !members.has(s.userId))) {
        throw badRequest(RESULT_UNKNOWN_SCORER, 'scorers');
      }
      await deps.inTransaction((store) => {
        store.dropCached(...listScopesOf([event.type]));
        return store.results.save(
          eventId,
          { ours: input.ours, theirs: input.theirs },
          input.scorers,
          recordedBy,
        );
      });
      const [saved] = toClubEvents(await loadEventList(repos, { ids: [eventId] }, time), time, {
        withAway: false,
      });
      return saved!;
    },

    /** Every active member's games, goals and assists, and the team's record, this season. */
    async stats(): Promise<SeasonStats> {
      const list = await loadEventList(repos, { type: 'game' }, time);
      const now = deps.now();
      const byMember = new Map<string, MemberStats>();
      for (const member of list.members) {
        if (!member.active) continue;
        byMember.set(member.userId, { userId: member.userId, games: 0, goals: 0, assists: 0 });
      }
      const team: TeamRecord = {
        played: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        goalsFor: 0,
        goalsAgainst: 0,
      };
      for (const event of list.events) {
        if (event.eventDate > now) continue;
        const records = list.records.get(event.id);
        const played =
          records && records.size > 0
            ? [...records.values()].filter((r) => ATTENDED.has(r.presence)).map((r) => r.userId)
            : [...(list.rsvps.get(event.id)?.values() ?? [])]
                .filter((r) => r.status === 'attending')
                .map((r) => r.userId);
        const result = list.results.get(event.id);
        // Whoever scored or assisted played, whatever the answers said.
        for (const userId of new Set([
          ...played,
          ...(result?.scorers ?? []).map((s) => s.userId),
        ])) {
          const stats = byMember.get(userId);
          if (stats) stats.games += 1;
        }
        if (!result) continue;
        team.played += 1;
        team.goalsFor += result.ours;
        team.goalsAgainst += result.theirs;
        const outcome = outcomeOf(result);
        if (outcome === 'win') team.wins += 1;
        else if (outcome === 'draw') team.draws += 1;
        else team.losses += 1;
        for (const scorer of result.scorers) {
          const stats = byMember.get(scorer.userId);
          if (!stats) continue;
          stats.goals += scorer.goals;
          stats.assists += scorer.assists;
        }
      }
      return { members: [...byMember.values()], team };
    },
  };
}

export type ResultUseCases = ReturnType<typeof createResultUseCases>;
