/** How the schedule's screens name event types and weekdays (US English), shared by /schedule and /attendance. */
import type { EventScope, EventType, Weekday } from '@teamapp/contracts';

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  training: 'Training',
  game: 'Game',
  meeting: 'Meeting',
  social: 'Social',
};

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

/** Which events of a series a change or a delete applies to. */
export const SCOPE_CHOICES: readonly { value: EventScope; label: string }[] = [
  { value: 'this', label: 'This event' },
  { value: 'following', label: 'This and following events' },
];
