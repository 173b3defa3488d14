/**
 * The three answers to an event as every screen offers them (reference §2 Schedule), and who gave
 * an answer for someone else (a guardian for their child, docs/reference.md "Families").
 */
import type { Attendee, RsvpStatus } from '@teamapp/contracts';

export const RSVP_BUTTONS: { status: RsvpStatus; label: string; color: string }[] = [
  { status: 'attending', label: 'Going', color: 'green.8' },
  { status: 'maybe', label: 'Maybe', color: 'yellow.9' },
  { status: 'not-attending', label: "Can't Go", color: 'red.8' },
];

/** An answer's words: "Going", "Maybe", "Can't Go", "No answer yet". */
export const answerLabel = (status: Attendee['status']): string =>
  RSVP_BUTTONS.find((b) => b.status === status)?.label ?? 'No answer yet';

/** "Pat Young (Mother)", or the name alone when no relation is written. */
export const guardianName = ({ name, relation }: { name: string; relation: string | null }) =>
  relation ? `${name} (${relation})` : name;

/** "Answered by Pat Young (Mother)" when a guardian answered; null otherwise. */
export const answeredByText = (entry: Pick<Attendee, 'answeredBy'>): string | null =>
  entry.answeredBy ? `Answered by ${guardianName(entry.answeredBy)}` : null;
