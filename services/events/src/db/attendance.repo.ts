/** Data access for recorded attendance. */
import type { Presence } from '@teamapp/contracts';
import type { Database } from '@teamapp/service-kit';
import { sql } from 'drizzle-orm';
import { rowsForEventList, type EventFilter } from './events.repo';
import { attendance, type AttendanceRow, type EventsSchema } from './schema';

export function createAttendanceRepo(db: Database<EventsSchema>) {
  return {
    /** Every record for the events of one list, in one query whatever their number. */
    async forList(filter: EventFilter): Promise<AttendanceRow[]> {
      return rowsForEventList(db, attendance, filter);
    },
    async record(
      eventId: string,
      records: { userId: string; presence: Presence }[],
      recordedBy: string,
    ): Promise<void> {
      await db
        .insert(attendance)
        .values(records.map((r) => ({ eventId, ...r, recordedBy })))
        .onConflictDoUpdate({
          target: [attendance.eventId, attendance.userId],
          set: {
            presence: sql`excluded.presence`,
            recordedBy: sql`excluded.recorded_by`,
            recordedAt: sql`now()`,
          },
        });
    },
  };
}

export type AttendanceRepo = ReturnType<typeof createAttendanceRepo>;
