/**
 * Teams as a service keeps them from auth's events (contracts teams.ts): the `teams` table in the
 * service's own schema, kept from its `<service>-teams` queue, and who may do what in a team.
 * Memberships come with the member events (the `teams` column of members.ts), so a service asks
 * its own database, never auth, whether a caller coaches a team.
 *
 * The rules, in one place for every service:
 * - a club admin may see and run every team's things;
 * - a coach may run (create, edit, delete, take attendance, manage the roster of) their teams'
 *   things only, and nothing club-wide;
 * - a player (or coach) sees their teams' things and everything club-wide;
 * - a thing of a team the caller is not in is private to that team (404), while running a team
 *   the caller may see but not coach is refused (403).
 */
import type { TeamEvent, TeamMembership, TeamRole } from '@teamapp/contracts';
import { eq, lte, sql } from 'drizzle-orm';
import { boolean, text, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { AuthUser } from './auth';
import { createdAtColumn } from './columns';
import { forbidden, notFound } from './errors';
import type { MembersTable } from './members';
import type { Database } from './db';
import type { Executor } from './outbox';
import { sharedTable } from './shared-tables';

/** The `teams` table in a service's own schema, created by service-kit. */
export function teamsTable(schema: PgSchema) {
  const table = schema.table('teams', {
    teamId: uuid('team_id').primaryKey(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    public: boolean('public').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    changedAt: createdAtColumn('changed_at'),
  });
  return sharedTable(table, (name) => [
    `CREATE TABLE IF NOT EXISTS "${name}"."teams" (
      "team_id" uuid PRIMARY KEY NOT NULL,
      "name" text NOT NULL,
      "colour" text NOT NULL,
      "public" boolean DEFAULT false NOT NULL,
      "archived" boolean DEFAULT false NOT NULL,
      "changed_at" timestamp with time zone DEFAULT now() NOT NULL
    )`,
  ]);
}

export type TeamsTable = ReturnType<typeof teamsTable>;

/** Records a team event unless a newer one is already recorded; true when it was applied. */
export async function applyTeamEvent(
  db: Executor,
  teams: TeamsTable,
  event: TeamEvent,
): Promise<boolean> {
  const at = new Date(event.at);
  const values = { teamId: event.teamId, ...event.team, changedAt: at };
  const rows = await db
    .insert(teams)
    .values(values)
    .onConflictDoUpdate({
      target: teams.teamId,
      set: { ...event.team, changedAt: at },
      setWhere: lte(teams.changedAt, at),
    })
    .returning({ teamId: teams.teamId });
  return rows.length > 0;
}

/** A member's memberships as stored (null until an event said: none known). */
export const membershipsOf = (stored: TeamMembership[] | null | undefined): TeamMembership[] =>
  stored ?? [];

/** The member's role in the team, or null when they are not in it. */
export function teamRoleIn(
  memberships: readonly TeamMembership[],
  teamId: string,
): TeamRole | null {
  return memberships.find((m) => m.teamId === teamId)?.role ?? null;
}

/** The teams the member coaches. */
export const coachedTeams = (memberships: readonly TeamMembership[]): string[] =>
  memberships.filter((m) => m.role === 'coach').map((m) => m.teamId);

/**
 * Who is asking, with their teams: what the rules below need. Build it once per request from the
 * service's own members table (`teamCallerOf`).
 */
export interface TeamCaller {
  user: Pick<AuthUser, 'id' | 'role'>;
  memberships: readonly TeamMembership[];
}

/** True when the caller may see a thing of the team (`null`: club-wide, seen by every member). */
export function maySeeTeam(caller: TeamCaller, teamId: string | null): boolean {
  if (teamId === null || caller.user.role === 'admin') return true;
  return teamRoleIn(caller.memberships, teamId) !== null;
}

/** True when the caller may run the team's things (`null`: club-wide, club admins only). */
export function mayCoachTeam(caller: TeamCaller, teamId: string | null): boolean {
  if (caller.user.role === 'admin') return true;
  return teamId !== null && teamRoleIn(caller.memberships, teamId) === 'coach';
}

/** True when the caller coaches some team or is a club admin: who sees the running controls. */
export const coachesAnyTeam = (caller: TeamCaller): boolean =>
  caller.user.role === 'admin' || coachedTeams(caller.memberships).length > 0;

/**
 * Refuses unless the caller may run a thing of `teamId`: 404 (with `notFoundMessage`) when the
 * caller may not even see it, 403 when they see it but do not coach the team.
 */
export function requireCoachOf(
  caller: TeamCaller,
  teamId: string | null,
  notFoundMessage: string,
  forbiddenMessage?: string,
): void {
  if (!maySeeTeam(caller, teamId)) throw notFound(notFoundMessage);
  if (!mayCoachTeam(caller, teamId)) throw forbidden(forbiddenMessage);
}

/** Refuses with 404 unless the caller may see a thing of `teamId`. */
export function requireSeesTeam(caller: TeamCaller, teamId: string | null, message: string): void {
  if (!maySeeTeam(caller, teamId)) throw notFound(message);
}

/** Reads the caller's memberships from the service's members table (the member events' copy). */
export async function teamCallerOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's schema
  db: Pick<Database<any>, 'select'>,
  members: MembersTable,
  user: Pick<AuthUser, 'id' | 'role'>,
): Promise<TeamCaller> {
  const [row] = await db
    .select({ teams: members.teams })
    .from(members)
    .where(eq(members.userId, user.id))
    .limit(1);
  return { user, memberships: membershipsOf(row?.teams) };
}

/**
 * A condition on a members table: the member is in the team (any role), for "who attends a
 * team's event", "who is in a team's room" and the like.
 */
export const inTeamCondition = (members: MembersTable, teamId: string) =>
  sql`${members.teams} @> ${JSON.stringify([{ teamId }])}::jsonb`;
