/**
 * Teams and their rosters (docs/reference.md "Teams"). Club admins create, rename, colour,
 * publish and archive teams and manage every roster; a team's coach manages its players (making
 * or removing a coach is the club admins' alone); any member sees the team list, and a team's
 * roster is seen by its members and the club admins.
 *
 * Every team change reaches the services that keep teams as a team event, and every membership
 * change as a member event with the member's full snapshot, both through the outbox in the
 * transaction that made the change.
 */
import {
  ADULT_AGE,
  type BrandingEvent,
  DEFAULT_APP_TITLE,
  TEAM_COACH_ONLY,
  TEAM_COACHES_BY_ADMIN,
  TEAM_EVENT_QUEUES,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_NAME_TAKEN,
  TEAM_NOT_FOUND,
  type Team,
  type TeamEvent,
  type TeamInput,
  type TeamMembersAnswer,
  type TeamRole,
  type TeamRosterEntry,
  type TeamUpdate,
} from '@teamapp/contracts';
import {
  conflict,
  forbidden,
  notFound,
  type AuthUser,
  type Logger,
  type OutboxWriter,
} from '@teamapp/service-kit';
import type { AuthRepos, AuthStore, AuthTransaction } from '../db/repos';
import type { TeamRow } from '../db/schema';
import type { TeamSummary } from '../db/teams.repo';
import { lockMember, publishAgeChange, publishMemberNow } from './memberships';
import { isUniqueViolation } from './users';

type Caller = Pick<AuthUser, 'id' | 'role'>;

const teamNotFound = () => notFound(TEAM_NOT_FOUND);
const memberNotFound = () => notFound(TEAM_MEMBER_NOT_FOUND);

function toTeam(row: TeamRow, summary: TeamSummary | undefined, myRole: TeamRole | null): Team {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    public: row.public,
    archived: row.archived,
    memberCount: summary?.memberCount ?? 0,
    coaches: summary?.coaches ?? [],
    myRole,
  };
}

/** What the services that keep teams are told of one. */
export const teamEvent = (row: TeamRow): TeamEvent => ({
  teamId: row.id,
  at: new Date().toISOString(),
  team: { name: row.name, colour: row.colour, public: row.public, archived: row.archived },
});

/** Tells every service that keeps teams: each reads a queue of its own. */
export async function publishTeam(store: OutboxWriter, row: TeamRow): Promise<void> {
  const event = teamEvent(row);
  for (const queue of TEAM_EVENT_QUEUES) await store.enqueue(queue, event);
}

/** The team as the caller sees it, read in the same transaction. */
async function presentTeam(store: AuthRepos, row: TeamRow, caller: Caller): Promise<Team> {
  const summaries = await store.teams.summaries([row.id]);
  return toTeam(row, summaries.get(row.id), await store.teams.roleOf(row.id, caller.id));
}

/** A name another active team already has (whatever its case) is refused with 409. */
async function refuseTakenName(store: AuthRepos, name: string | undefined, exceptId?: string) {
  if (name !== undefined && (await store.teams.findActiveByName(name, exceptId))) {
    throw conflict(TEAM_NAME_TAKEN);
  }
}

/** The name index caught a name raced past the check above. */
const nameRace = (err: unknown) => {
  throw isUniqueViolation(err) ? conflict(TEAM_NAME_TAKEN) : err;
};

/**
 * The active team whose roster the caller changes, refusing unless they may: club admins any
 * team, a coach their own team's players only.
 */
async function rosterTeam(
  store: AuthStore,
  caller: Caller,
  teamId: string,
  userId: string,
  newRole: TeamRole | null,
) {
  const team = await store.teams.findById(teamId);
  if (!team || team.archived) throw teamNotFound();
  const currentRole = await store.teams.roleOf(teamId, userId);
  if (caller.role !== 'admin') {
    if ((await store.teams.roleOf(teamId, caller.id)) !== 'coach') throw forbidden(TEAM_COACH_ONLY);
    if (newRole === 'coach' || currentRole === 'coach') throw forbidden(TEAM_COACHES_BY_ADMIN);
  }
  return { team, currentRole };
}

export function createTeamUseCases(deps: { inTransaction: AuthTransaction; repos: AuthRepos }) {
  const { inTransaction } = deps;
  const { teams } = deps.repos;

  return {
    /** The teams by name, each with its size, coaches and the caller's role in it. */
    async list(caller: Caller, options: { archived: boolean }): Promise<Team[]> {
      const rows = await teams.list({ archived: options.archived && caller.role === 'admin' });
      const summaries = await teams.summaries(rows.map((r) => r.id));
      const mine = new Map((await teams.membershipsOf(caller.id)).map((m) => [m.teamId, m.role]));
      return rows.map((row) => toTeam(row, summaries.get(row.id), mine.get(row.id) ?? null));
    },

    async create(caller: Caller, input: TeamInput): Promise<Team> {
      return inTransaction(async (store) => {
        await refuseTakenName(store, input.name);
        const row = await store.teams.insert({
          name: input.name,
          colour: input.colour,
          public: input.public,
        });
        await publishTeam(store, row);
        return presentTeam(store, row, caller);
      }).catch(nameRace);
    },

    /** A new name ends the first team's naming after the club. */
    async update(caller: Caller, id: string, patch: TeamUpdate): Promise<Team> {
      return inTransaction(async (store) => {
        const existing = await store.teams.findById(id);
        if (!existing || existing.archived) throw teamNotFound();
        await refuseTakenName(store, patch.name, id);
        const row = (await store.teams.update(id, {
          name: patch.name,
          colour: patch.colour,
          public: patch.public,
          ...(patch.name !== undefined ? { namedAfterClub: false } : {}),
        }))!;
        await publishTeam(store, row);
        return presentTeam(store, row, caller);
      }).catch(nameRace);
    },

    /** Hidden from lists, its name freed; its rosters and history are kept. */
    async archive(caller: Caller, id: string): Promise<Team> {
      return inTransaction(async (store) => {
        const existing = await store.teams.findById(id);
        if (!existing || existing.archived) throw teamNotFound();
        const row = (await store.teams.update(id, { archived: true }))!;
        await publishTeam(store, row);
        return presentTeam(store, row, caller);
      });
    },

    /** The roster: for club admins and the team's own members (every member sees the list). */
    async members(caller: Caller, id: string): Promise<TeamMembersAnswer> {
      const row = await teams.findById(id);
      if (!row || (row.archived && caller.role !== 'admin')) throw teamNotFound();
      const myRole = await teams.roleOf(id, caller.id);
      if (caller.role !== 'admin' && myRole === null) throw forbidden();
      const summaries = await teams.summaries([id]);
      return { team: toTeam(row, summaries.get(id), myRole), members: await teams.roster(id) };
    },

    /** Puts an active club member in the team, or changes their role there. */
    async putMember(
      caller: Caller,
      teamId: string,
      userId: string,
      role: TeamRole,
    ): Promise<TeamRosterEntry> {
      return inTransaction(async (store) => {
        await rosterTeam(store, caller, teamId, userId, role);
        // Locked before the membership is written, and only once (memberships.ts lockMember).
        const user = await lockMember(store, userId);
        if (!user || !user.isActive) throw memberNotFound();
        await store.teams.putMember(teamId, userId, role);
        await publishMemberNow(store, user, 'updated', { locked: true });
        return { userId, name: user.name, profilePicture: user.profilePicture, role };
      });
    },

    async removeMember(caller: Caller, teamId: string, userId: string): Promise<void> {
      await inTransaction(async (store) => {
        const { currentRole } = await rosterTeam(store, caller, teamId, userId, null);
        const user = await lockMember(store, userId);
        if (!user || !user.isActive || currentRole === null) throw memberNotFound();
        await store.teams.removeMember(teamId, userId);
        await publishMemberNow(store, user, 'updated', { locked: true });
      });
    },

    /**
     * The first team: with no team at all (a fresh install, or the upgrade that brings teams),
     * one named after the club's app title holding every active member, club admins as its
     * coaches. The table lock makes two instances starting together create one.
     */
    async ensureFirstTeam(log: Logger): Promise<void> {
      const created = await inTransaction(async (store) => {
        await store.teams.lock();
        if ((await store.teams.count()) > 0) return undefined;
        const team = await store.teams.insert({
          name: (await store.teams.appTitle()) ?? DEFAULT_APP_TITLE,
          namedAfterClub: true,
        });
        await publishTeam(store, team);
        for (const user of await store.users.list({ activeOnly: true })) {
          await store.teams.putMember(team.id, user.id, user.role === 'admin' ? 'coach' : 'player');
          await publishMemberNow(store, user, 'updated');
        }
        return team;
      });
      if (created) log.info({ teamId: created.id, name: created.name }, 'first team created');
    },

    /**
     * Sends every team to the services that keep teams, once at start (before the members, whose
     * memberships name them): a service added later learns the teams made before it.
     */
    async announceTeams(log: Logger): Promise<void> {
      const count = await inTransaction(async (store) => {
        const rows = await store.teams.list({ archived: true });
        for (const row of rows) await publishTeam(store, row);
        return rows.length;
      });
      log.info({ count }, 'teams announced');
    },

    /**
     * Keeps the club's app title and adult age content published: the teams still named after
     * the club take the title (unless another active team has that name already), and a new
     * adult age republishes every member it makes a minor or an adult (memberships.ts
     * publishAgeChange).
     */
    async rememberBranding(event: BrandingEvent, log: Logger): Promise<void> {
      const { renamed, flipped } = await inTransaction(async (store) => {
        const { kept, previousAdultAge } = await store.teams.rememberBranding(
          event,
          new Date(event.updatedAt),
        );
        if (!kept) return { renamed: 0, flipped: 0 };
        const flipped = await publishAgeChange(
          store,
          previousAdultAge ?? ADULT_AGE,
          event.adultAge ?? ADULT_AGE,
        );
        const taken = await store.teams.findActiveByName(event.appTitle);
        if (taken && !taken.namedAfterClub) return { renamed: 0, flipped };
        const rows = await store.teams.renameNamedAfterClub(event.appTitle);
        for (const row of rows) await publishTeam(store, row);
        return { renamed: rows.length, flipped };
      });
      log.info(
        { appTitle: event.appTitle, adultAge: event.adultAge, renamed, flipped },
        'branding received',
      );
    },
  };
}

export type TeamUseCases = ReturnType<typeof createTeamUseCases>;
