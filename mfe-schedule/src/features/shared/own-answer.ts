/**
 * The member's own answer to an event, wherever the list carries it (reference §7): a list for
 * those who do not run an event names no one's answer, and brings the caller's own entry in its
 * `mine`; the events they run list every entry, theirs among them.
 */
import type { Attendee, ClubEvent, EventsResponse } from '@teamapp/contracts';

/** Own entries by event id, as a list's `mine` has them. */
export type OwnEntries = NonNullable<EventsResponse['mine']>;

/** The member's entry for `event`: from `mine`, else among its attendees; none when not invited. */
export function ownAnswer(
  event: Pick<ClubEvent, 'id' | 'attendees'>,
  userId: string,
  mine: OwnEntries | undefined,
): Attendee | undefined {
  return mine?.[event.id] ?? event.attendees.find((a) => a.user_id === userId);
}

/** The `mine` of several answers (the list and its older pages) as one. */
export const ownEntriesOf = (answers: ({ mine?: OwnEntries } | undefined)[]): OwnEntries =>
  Object.assign({}, ...answers.map((a) => a?.mine ?? {})) as OwnEntries;

/** A guardian's children's entries by event id, as a list's `children` has them (family.ts). */
export type ChildEntries = NonNullable<EventsResponse['children']>;

/** The `children` of several answers (the list and its older pages) as one. */
export const childEntriesOf = (
  answers: ({ children?: ChildEntries } | undefined)[],
): ChildEntries => Object.assign({}, ...answers.map((a) => a?.children ?? {})) as ChildEntries;
