/**
 * Game results and the season's figures. An admin records a game's score and who
 * scored and assisted once it has started; recording again replaces it. The season stats count,
 * for every active member, the games they played (recorded presence, present or late, where
 * attendance was taken; otherwise a Going answer; and always when they scored or assisted), their
 * goals and assists, and the team's record from the recorded results.
 */
import {
  RESULT_GAMES_ONLY,
  TEAM_NOT_FOUND,
  RESULT_NOT_STARTED,
  RESULT_UNKNOWN_SCORER,
  outcomeOf,
  type ClubEvent,
  type MemberStats,
  type Scorer,
  type TeamRecord,
} from '@teamapp/contracts';
import { badRequest, coachedTeams, mayCoachTeam, maySeeTeam, notFound } from '@teamapp/service-kit';
import type { EventFilter } from '../db/events.repo';
import type { EventsUseCaseDeps } from './use-case-deps';
import { ATTENDED, invitedTo, loadEventList, toClubEvents } from './event-views';
import { eventToRecordOn, type Caller } from './events';
import { scopesOfEvents } from './list-cache';

export interface SeasonStats {
  members: MemberStats[];
  team: TeamRecord;
}

export function createResultUseCases(deps: EventsUseCaseDeps) {
  const { repos, time } = deps;

  /**
   * The active members' games, goals and assists (of a team's members with `teamId`), and the
   * record, this season, of the games `filter` takes (every game when none).
   */
  async function stats(
    filter: EventFilter = {},
    teamId?: string,
  ): Promise<SeasonStats & { teamsOf: Map<string, string[]> }> {
    const list = await loadEventList(repos, { ...filter, type: 'game' }, time);
    const now = deps.now();
    const byMember = new Map<string, MemberStats>();
    const teamsOf = new Map<string, string[]>();
    for (const member of list.members) {
      if (!member.active || !invitedTo(member, teamId ?? null)) continue;
      teamsOf.set(
        member.userId,
        (member.teams ?? []).map((t) => t.teamId),
      );
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
      for (const userId of new Set([...played, ...(result?.scorers ?? []).map((s) => s.userId)])) {
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
    return { members: [...byMember.values()], team, teamsOf };
  }

  return {
    /** Saves the score and scorers of a game that has started; answers the game as listed. */
    async record(
      eventId: string,
      input: { ours: number; theirs: number; scorers: Scorer[] },
      user: Caller,
    ): Promise<ClubEvent> {
      const recordedBy = user.id;
      const event = await eventToRecordOn(repos, user, eventId);
      if (event.type !== 'game') throw badRequest(RESULT_GAMES_ONLY, 'type');
      if (event.eventDate > deps.now()) throw badRequest(RESULT_NOT_STARTED, 'eventDate');
      const members = new Set((await repos.members.all()).map((m) => m.userId));
      if (input.scorers.some((s) => !members.has(s.userId))) {
        throw badRequest(RESULT_UNKNOWN_SCORER, 'scorers');
      }
      await deps.inTransaction((store) => {
        store.dropCached(...scopesOfEvents([event]));
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

    /**
     * GET /events/stats for the caller: with `teamId`, that team's games and members (404 when
     * the caller is not in it); without, the games they see (club admins: all) and, for a coach,
     * the members of the teams they coach. Those who run the team get every member's line; a
     * player their own.
     */
    async statsFor(user: Caller, teamId?: string): Promise<SeasonStats> {
      const caller = await repos.members.caller(user);
      const admin = user.role === 'admin';
      if (teamId && (!maySeeTeam(caller, teamId) || !(await repos.teams.find(teamId)))) {
        throw notFound(TEAM_NOT_FOUND);
      }
      const filter: EventFilter = teamId
        ? { team: teamId }
        : admin
          ? {}
          : { seenIn: caller.memberships.map((m) => m.teamId) };
      const runs = teamId ? [teamId] : coachedTeams(caller.memberships);
      const whole = await stats(filter, teamId);
      const everyLine = teamId ? mayCoachTeam(caller, teamId) : admin;
      const visible = everyLine
        ? whole.members
        : whole.members.filter(
            (m) =>
              m.userId === user.id ||
              (!teamId && runs.some((t) => whole.teamsOf.get(m.userId)?.includes(t))),
          );
      return { members: visible, team: whole.team };
    },

    stats,
  };
}

export type ResultUseCases = ReturnType<typeof createResultUseCases>;
