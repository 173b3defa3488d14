/**
 * Families (contracts family.ts) as the events service keeps them: who may answer for whom, and
 * who gave an answer. A guardian answers and adds absences for a child through the same use cases
 * as a member's own (events.ts rsvp, availability.ts), naming the child (`forUserId`); the answer
 * is the child's, with the guardian in `answered_by`. Whether someone is a guardian is read from
 * the member snapshot auth publishes (`guardians`), kept in `member_families`.
 */
import { NOT_YOUR_CHILD, type AnsweredBy, type MemberEvent } from '@teamapp/contracts';
import { forbidden } from '@teamapp/service-kit';
import type { FamilyChange } from '../db/families.repo';
import type { EventsRepos, EventsStore } from '../db/repos';
import type { FamilyRow, MemberRow } from '../db/schema';
import { memberScope } from './list-cache';

/** What a member event says of the member's family; undefined when it carries no snapshot. */
export function familyChangeOf(event: MemberEvent): FamilyChange | undefined {
  if (!event.member) return undefined;
  return {
    userId: event.userId,
    at: event.at ? new Date(event.at) : new Date(),
    guardians: event.member.guardians ?? [],
    minor: event.member.minor ?? false,
    hasLogin: event.member.hasLogin ?? true,
  };
}

/**
 * The scopes a change of these members' answers drops (list-cache.ts): each member's own and each
 * of their guardians' (whose lists carry their children's entries, `children`).
 */
export async function answerScopes(repos: EventsRepos, userIds: Iterable<string>) {
  const ids = [...new Set(userIds)];
  const families = await repos.families.among(ids);
  const guardians = families.flatMap((f) => f.guardians.map((g) => g.userId));
  return [...new Set([...ids, ...guardians])].map(memberScope);
}

/** Drops what answerScopes names on the unit of work. */
export async function dropAnswersOf(store: EventsStore, userIds: Iterable<string>) {
  store.dropCached(...(await answerScopes(store, userIds)));
}

/**
 * The child's family row when the caller is one of their guardians; otherwise 403 NOT_YOUR_CHILD
 * (an unknown id, someone else's child and a member who left alike: nothing is told of them).
 */
export async function requireGuardianOf(
  repos: EventsRepos,
  guardianId: string,
  childId: string,
): Promise<FamilyRow> {
  const [family, child] = await Promise.all([
    repos.families.find(childId),
    repos.members.find(childId),
  ]);
  if (!family || !child?.active || !family.guardians.some((g) => g.userId === guardianId)) {
    throw forbidden(NOT_YOUR_CHILD);
  }
  return family;
}

/** Whose answers a lookup by child can name: the families by member id. */
export type Families = ReadonlyMap<string, FamilyRow>;

export const familiesById = (rows: FamilyRow[]): Families =>
  new Map(rows.map((row) => [row.userId, row]));

/**
 * Who answered for the member: the guardian as the member's family names them (with the
 * relation), or, once they are no longer listed, by their name as a member.
 */
export function answeredByOf(
  families: Families,
  memberById: ReadonlyMap<string, Pick<MemberRow, 'name'>>,
  childId: string,
  guardianId: string,
): AnsweredBy {
  const listed = families.get(childId)?.guardians.find((g) => g.userId === guardianId);
  if (listed) return { userId: guardianId, name: listed.name, relation: listed.relation };
  return {
    userId: guardianId,
    name: memberById.get(guardianId)?.name ?? 'A guardian',
    relation: null,
  };
}
