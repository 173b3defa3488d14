/** How the schedule's screens name event types and weekdays (US English), shared by /schedule and /attendance. */
import type { EventType, Weekday } from '@teamapp/contracts';

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
