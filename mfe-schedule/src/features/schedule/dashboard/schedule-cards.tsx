/**
 * The schedule's dashboard widget (reference §2 Dashboard), from GET /events (the shared events
 * read): for admins Upcoming Events and Average Attendance of the upcoming ones, for players the
 * Next Event (when, in the club's time zone) and their own Attendance Rate. Each card shows "…"
 * while the events load and "—" when they could not be. The figures are of the header's team
 * (docs/reference.md "Teams"), of every team the member sees when none is chosen.
 */
import { useQuery } from '@tanstack/react-query';
import type { EventsResponse } from '@teamapp/contracts';
import {
  eventsQuery,
  QueryStatCard,
  useRequest,
  useSession,
  useTeamChoice,
  type StatFigure,
} from '@teamapp/ui';
import {
  averageAttendance,
  nextEvent,
  playerAttendanceRate,
  upcomingEvents,
  whenLabel,
} from './dashboard-stats';

/** A rounded percentage, or "—" with `none` when there is nothing to count. */
const percentFigure = (rate: number | null, none: string): StatFigure =>
  rate === null ? { value: '—', hint: none } : { value: `${rate}%` };

export function ScheduleCards() {
  const { user, isAdmin } = useSession();
  const request = useRequest();
  const { teamId } = useTeamChoice();
  const events = useQuery({ ...eventsQuery(request, teamId), enabled: !!user });
  if (!user) return null;

  const now = new Date();
  const card = (label: string, show: (answer: EventsResponse) => StatFigure) => (
    <QueryStatCard label={label} query={events} show={show} />
  );

  return isAdmin ? (
    <>
      {card('Upcoming Events', ({ events: list }) => {
        const count = upcomingEvents(list, now).length;
        return { value: String(count), hint: count === 0 ? 'No upcoming events' : undefined };
      })}
      {card('Average Attendance', ({ events: list }) =>
        percentFigure(averageAttendance(list, now), 'No responses yet'),
      )}
    </>
  ) : (
    <>
      {card('Next Event', ({ events: list, timeZone }) => {
        const next = nextEvent(list, now);
        return next
          ? { value: next.title, hint: whenLabel(next.event_date, now, timeZone) }
          : { value: '—', hint: 'No upcoming events' };
      })}
      {card('Attendance Rate', ({ events: list, mine }) =>
        percentFigure(playerAttendanceRate(list, user.id, mine), 'No events yet'),
      )}
    </>
  );
}
