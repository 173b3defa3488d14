/**
 * Teams inside the club (docs/reference.md "Teams"): a club holds teams, a member belongs to any
 * number of them with a team role in each (`coach` or `player`). A club admin has every right
 * over every team; a coach has the admin's rights over the teams they coach only; a player sees
 * their own teams' schedules, rosters and rooms and what is club-wide.
 *
 * The auth service owns teams and memberships (an invitation makes a member and their first
 * membership in one transaction; leaving the club ends every membership in the same one). The
 * other services learn them from events, as they learn members: every member event carries the
 * member's memberships (`teams` in the snapshot), and a team event carries the team itself
 * (name, colour, public, archived) to each service that keeps teams.
 */
import { z } from 'zod';
import { messageAnswerSchema, requiredText, uuidParamSchema } from './common';
import { endpoint } from './endpoint';

export const TEAM_ROLES = ['coach', 'player'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'role must be coach or player' });
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const TEAM_NAME_MAX = 60;

/**
 * The colours a team may wear on event cards and badges: each carries white text at 4.5:1 or
 * more (WCAG 2.2 AA), checked by packages/ui contrast.test.ts. The first is a new team's.
 */
export const TEAM_COLOURS = [
  '#1864ab',
  '#2b7a3e',
  '#c92a2a',
  '#5f3dc4',
  '#a61e4d',
  '#c2410c',
  '#087f5b',
  '#495057',
] as const;
export const teamColourSchema = z.enum(TEAM_COLOURS, {
  error: 'colour must be one of the team colours',
});

// Answers and refusals, in the words every screen and service uses.
export const TEAM_NOT_FOUND = 'Team not found';
export const TEAM_NAME_TAKEN = 'A team with this name already exists';
export const TEAM_MEMBER_NOT_FOUND = 'Member not found';
export const TEAM_COACH_ONLY = 'Only a coach of this team or a club admin can do this';
export const TEAM_COACHES_BY_ADMIN = 'Only a club admin can make or remove a coach';
export const TEAM_CREATED = 'Team created';
export const TEAM_UPDATED = 'Team updated';
export const TEAM_ARCHIVED = 'Team archived';
export const TEAM_MEMBER_SAVED = 'Team member saved';
export const TEAM_MEMBER_REMOVED = 'Removed from the team';
/** The header picker's choice that follows every team the member is in. */
export const ALL_MY_TEAMS = 'All my teams';

/** One membership: which team, in which role. */
export const teamMembershipSchema = z.object({ teamId: z.uuid(), role: teamRoleSchema });
export type TeamMembership = z.infer<typeof teamMembershipSchema>;

/** A team as GET /api/teams answers it. */
export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: teamColourSchema,
  /** Shown on the public showcase (one tab per public team). */
  public: z.boolean(),
  /** Hidden from lists; kept for club admins and for the season's history. */
  archived: z.boolean(),
  /** Players and coaches. */
  memberCount: z.number().int().nonnegative(),
  coaches: z.array(z.object({ userId: z.uuid(), name: z.string() })),
  /** The caller's role in the team, or null when they are not in it. */
  myRole: teamRoleSchema.nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamsAnswerSchema = z.object({ teams: z.array(teamSchema) });
export type TeamsAnswer = z.infer<typeof teamsAnswerSchema>;

export const teamsQuerySchema = z.object({
  /** Club admins only: archived teams too (ignored for anyone else). */
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const teamInputSchema = z.object({
  name: requiredText('name', TEAM_NAME_MAX),
  colour: teamColourSchema.optional(),
  public: z.boolean({ error: 'public must be true or false' }).optional(),
});
export type TeamInput = z.infer<typeof teamInputSchema>;

export const teamUpdateSchema = teamInputSchema.partial();
export type TeamUpdate = z.infer<typeof teamUpdateSchema>;

export const teamWriteAnswerSchema = messageAnswerSchema.extend({ team: teamSchema });

/** One person in a team's roster. */
export const teamRosterEntrySchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  role: teamRoleSchema,
});
export type TeamRosterEntry = z.infer<typeof teamRosterEntrySchema>;

export const teamMembersAnswerSchema = z.object({
  team: teamSchema,
  members: z.array(teamRosterEntrySchema),
});
export type TeamMembersAnswer = z.infer<typeof teamMembersAnswerSchema>;

export const teamMemberParamsSchema = uuidParamSchema.extend({
  userId: z.uuid({ error: 'userId must be a valid identifier' }),
});
export const teamMemberInputSchema = z.object({ role: teamRoleSchema });

export const teamMemberWriteAnswerSchema = messageAnswerSchema.extend({
  member: teamRosterEntrySchema,
});

export const teamsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/teams',
    query: teamsQuerySchema,
    answer: teamsAnswerSchema,
    summary: "The club's teams, with the caller's role in each",
  }),
  create: endpoint({
    method: 'POST',
    path: '/teams',
    body: teamInputSchema,
    answer: teamWriteAnswerSchema,
    status: 201,
    summary: 'Create a team (club admins)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/teams/:id',
    params: uuidParamSchema,
    body: teamUpdateSchema,
    answer: teamWriteAnswerSchema,
    summary: 'Rename a team, change its colour or whether it is public (club admins)',
  }),
  archive: endpoint({
    method: 'DELETE',
    path: '/teams/:id',
    params: uuidParamSchema,
    answer: teamWriteAnswerSchema,
    summary: 'Archive a team: hidden from lists, its history kept (club admins)',
  }),
  members: endpoint({
    method: 'GET',
    path: '/teams/:id/members',
    params: uuidParamSchema,
    answer: teamMembersAnswerSchema,
    summary: "A team's roster (its members, its coaches and club admins)",
  }),
  putMember: endpoint({
    method: 'PUT',
    path: '/teams/:id/members/:userId',
    params: teamMemberParamsSchema,
    body: teamMemberInputSchema,
    answer: teamMemberWriteAnswerSchema,
    summary:
      "Add a club member to a team or change their role (club admins; a team's coach for players)",
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/teams/:id/members/:userId',
    params: teamMemberParamsSchema,
    answer: messageAnswerSchema,
    summary: "Remove a member from a team (club admins; a team's coach for players)",
  }),
};

/**
 * Published by auth whenever a team is created or changed, and for every team once at its start:
 * what the services that keep teams need of it. `at` orders events about one team.
 */
export const teamEventSchema = z.object({
  teamId: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  team: z.object({
    name: z.string().min(1),
    colour: teamColourSchema,
    public: z.boolean(),
    archived: z.boolean(),
  }),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;
