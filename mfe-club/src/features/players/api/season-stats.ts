/**
 * Season Stats on a player card (admins only): games played is counted from the schedule, the
 * past games the member said Going to. Results (wins, losses) are not recorded yet, so those
 * figures stay at zero as SPEC §9 has them.
 */
import { useQuery } from '@tanstack/react-query';
import type { EventsResponse } from '@teamapp/contracts';
import { useRequest, useSession } from '@teamapp/ui';

export interface SeasonStats {
  games: number;
  wins: number;
  losses: number;
}

/** Games played per member id, from the past games' Going answers. */
export function gamesPlayed(answer: EventsResponse, now: Date): Map<string, number> {
  const games = new Map<string, number>();
  for (const event of answer.events) {
    if (event.type !== 'game' || new Date(event.event_date) >= now) continue;
    for (const attendee of event.attendees) {
      if (attendee.status === 'attending') {
        games.set(attendee.user_id, (games.get(attendee.user_id) ?? 0) + 1);
      }
    }
  }
  return games;
}

/** The shared GET /events cache (the dashboard and the schedule read the same key). */
export function useSeasonStats(): (userId: string) => SeasonStats | null {
  const { isAdmin } = useSession();
  const request = useRequest();
  const events = useQuery({
    queryKey: ['events'],
    queryFn: () => request<EventsResponse>('GET', '/events'),
    enabled: isAdmin,
  });
  if (!events.data) return () => null;
  const games = gamesPlayed(events.data, new Date());
  return (userId) => ({ games: games.get(userId) ?? 0, wins: 0, losses: 0 });
}
