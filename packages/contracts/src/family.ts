/**
 * Families (docs/reference.md "Families"): young players without a login of their own, and the
 * guardians who answer for them.
 *
 * - A **child** is a member the club added with a date of birth and, usually, no login: they are
 *   in rosters, schedules, attendance and stats like any player, but no mail or push goes to them
 *   while they have no login; it goes to their guardians.
 * - A **guardian** is an ordinary member (with a login) linked to a child. A child may have several
 *   guardians; a guardian may have several children in several teams; a guardian may also be a
 *   player and a coach. A guardian answers Going / Maybe / Can't Go and adds absences for the
 *   child (`forUserId` on the RSVP and availability calls); the answer is the child's, with who
 *   gave it (`answeredBy`).
 * - **Growing up**: a club admin gives a child a login of their own (an invitation to their
 *   address). Their history stays theirs; guardians keep seeing and answering until the club
 *   removes them or the child reaches the club's adult age (ADULT_AGE unless the club sets it,
 *   settings.ts `adultAge`).
 *
 * The auth service owns children and guardian links and publishes them in the member snapshot
 * (`guardians`, `minor`, `hasLogin`), so every other service decides from its own copy who may
 * answer for whom, who reads a child's rooms and who a child may write to directly.
 */
import { z } from 'zod';
import { emailField, requiredText, limitedText, zonedDataAnswerSchema } from './common';
import { endpoint } from './endpoint';
import { isoDate, attendeeSchema, eventSchema } from './events';
import { userSchema } from './user';

/**
 * The age from which a member is an adult, unless the club's settings say otherwise
 * (settings.ts `adultAge`, ADULT_AGE_MIN to ADULT_AGE_MAX).
 */
export const ADULT_AGE = 18;

/**
 * A member's age in whole years on `today` (both YYYY-MM-DD): a birthday on 29 February counts
 * on 1 March in other years.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Under the adult age on `today`: a member without a date of birth is taken to be an adult. */
export function isMinor(
  dateOfBirth: string | null | undefined,
  today: string,
  adultAge = ADULT_AGE,
): boolean {
  return dateOfBirth ? ageOn(dateOfBirth, today) < adultAge : false;
}

// Answers and refusals, in the words every screen and service uses.
export const CHILD_ADDED = 'Player added';
export const GUARDIAN_INVITED =
  'Invitation sent: the guardian will receive login credentials via email.';
export const GUARDIAN_LINKED = 'Guardian linked';
export const GUARDIAN_REMOVED = 'Guardian removed';
export const GUARDIAN_ALREADY_LINKED = 'This member is already a guardian of this player';
export const GUARDIAN_NOT_FOUND = 'Guardian not found';
export const CHILD_NOT_FOUND = 'Player not found';
export const GUARDIAN_OF_SELF = 'A player cannot be their own guardian';
/** A guardian answering or adding an absence for someone who is not their child. */
export const NOT_YOUR_CHILD = 'You can only answer for your own children';
/** Shown on the card, and answered as `warning`, when a child without a login has no guardian. */
export const NO_GUARDIAN_WARNING =
  'This player has no guardian and no login: nobody can answer for them.';
/** A direct conversation between a child and an adult who is not their guardian. */
export const CHILD_DIRECT_REFUSED =
  'A young player can only have direct conversations with their guardians or other young players';
export const LOGIN_GIVEN = 'Invitation sent: the player will receive login credentials via email.';
export const CHILD_HAS_LOGIN = 'This player already has a login';

/** POST /user/children: a player with no e-mail or login of their own. */
export const childInputSchema = z.object({
  name: requiredText('name', 120),
  dateOfBirth: isoDate('dateOfBirth').refine((d) => d <= new Date().toISOString().slice(0, 10), {
    error: 'dateOfBirth must not be in the future',
  }),
  position: limitedText('position', 60)
    .nullish()
    .transform((v) => (v ? v : null)),
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }),
});
export type ChildInput = z.input<typeof childInputSchema>;

/** POST /user/{childId}/guardians: invite someone new by mail, or link an existing member. */
export const guardianInputSchema = z.object({
  email: emailField(),
  /** The new member's name when the address is not a member yet (else the address's local part). */
  name: limitedText('name', 120).optional(),
  /** How the club calls them on answers: "Mother", "Grandad" (shown "answered by Sam's mother"). */
  relation: limitedText('relation', 40)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type GuardianInput = z.input<typeof guardianInputSchema>;

/** One guardian of a child, as the child's card lists them. */
export const guardianSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  relation: z.string().nullable(),
  /** Where their invitation stands; null when they were a member already. */
  invitation_status: userSchema.shape.invitation_status,
});
export type Guardian = z.infer<typeof guardianSchema>;

export const guardiansAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(guardianSchema),
  /** NO_GUARDIAN_WARNING when the child has neither a guardian nor a login. */
  warning: z.string().optional(),
});

export const guardianAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: guardianSchema,
});

export const guardianRemovedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  warning: z.string().optional(),
});

/** POST /user/{childId}/login: a club admin gives a child a login of their own. */
export const giveLoginSchema = z.object({ email: emailField() });

const childParams = z.object({ childId: z.uuid({ error: 'childId must be a valid identifier' }) });
const guardianParams = childParams.extend({
  guardianId: z.uuid({ error: 'guardianId must be a valid identifier' }),
});

/** A child's next event with the child's own entry. */
export const familyEventSchema = eventSchema
  .pick({ id: true, title: true, event_date: true, location: true, type: true, isRequired: true })
  .extend({
    teamId: z.string().nullable(),
    team: eventSchema.shape.team,
    /** The child's entry (pending when nobody answered), with who answered. */
    answer: attendeeSchema,
  });
export type FamilyEvent = z.infer<typeof familyEventSchema>;

export const familyChildSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  teams: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
  /** The child's upcoming events, soonest first (at most FAMILY_EVENTS_PER_CHILD). */
  events: z.array(familyEventSchema),
});
export type FamilyChild = z.infer<typeof familyChildSchema>;

export const FAMILY_EVENTS_PER_CHILD = 20;

export const familyAnswerSchema = zonedDataAnswerSchema(
  z.object({ children: z.array(familyChildSchema) }),
);
export type FamilyAnswer = z.infer<typeof familyAnswerSchema>;

export const familyEndpoints = {
  addChild: endpoint({
    method: 'POST',
    path: '/user/children',
    body: childInputSchema,
    answer: z.object({ success: z.literal(true), message: z.string(), data: userSchema }),
    status: 201,
    summary: 'Add a player with no login of their own (a club admin or the team’s coach)',
  }),
  guardians: endpoint({
    method: 'GET',
    path: '/user/:childId/guardians',
    params: childParams,
    answer: guardiansAnswerSchema,
    summary: "A child's guardians (their guardians, coaches and club admins)",
  }),
  addGuardian: endpoint({
    method: 'POST',
    path: '/user/:childId/guardians',
    params: childParams,
    body: guardianInputSchema,
    answer: guardianAnswerSchema,
    status: 201,
    summary: 'Invite a guardian by mail, or link a member as one',
  }),
  removeGuardian: endpoint({
    method: 'DELETE',
    path: '/user/:childId/guardians/:guardianId',
    params: guardianParams,
    answer: guardianRemovedSchema,
    summary: 'Remove a guardian from a child',
  }),
  giveLogin: endpoint({
    method: 'POST',
    path: '/user/:childId/login',
    params: childParams,
    body: giveLoginSchema,
    answer: z.object({ success: z.literal(true), message: z.string(), data: userSchema }),
    summary: 'Give a child a login of their own (a club admin)',
  }),
  family: endpoint({
    method: 'GET',
    path: '/family',
    answer: familyAnswerSchema,
    summary: "The caller's children with their teams and upcoming events",
  }),
};
