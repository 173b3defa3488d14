/** Data access for answers: the members' own and those an absence gave for them. */
import type { RsvpStatus } from '@teamapp/contracts';
import type { Database } from '@teamapp/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsForEventList, type EventFilter } from './events.repo';
import { rsvps, type EventsSchema, type RsvpRow } from './schema';

/** An answer an absence gives: not-attending, with the entry's reason. */
export interface AutoAnswer {
  eventId: string;
  userId: string;
  reason: string;
  availabilityId: string;
  /** The guardian who added the entry for their child; null: the member's own entry. */
  answeredBy: string | null;
}

export function createRsvpsRepo(db: Database<EventsSchema>) {
  return {
    /** Every answer to the events of one list, in one query whatever their number. */
    async forList(filter: EventFilter): Promise<RsvpRow[]> {
      return rowsForEventList(db, rsvps, filter);
    },
    async forEvent(eventId: string): Promise<RsvpRow[]> {
      return db.select().from(rsvps).where(eq(rsvps.eventId, eventId));
    },
    /** One member's answers to every event (their calendar feed). */
    async ofUser(userId: string): Promise<RsvpRow[]> {
      return db.select().from(rsvps).where(eq(rsvps.userId, userId));
    },
    /**
     * The member's answer, given by them or (`answeredBy`) by a guardian: it replaces whatever was
     * there, an absence's answer and who gave the earlier one included.
     */
    async answer(
      eventId: string,
      userId: string,
      status: RsvpStatus,
      answeredBy: string | null = null,
    ): Promise<RsvpRow> {
      const own = { status, reason: null, auto: false, availabilityId: null, answeredBy };
      const [row] = await db
        .insert(rsvps)
        .values({ eventId, userId, ...own })
        .onConflictDoUpdate({
          target: [rsvps.eventId, rsvps.userId],
          set: { ...own, responseDate: sql`now()` },
        })
        .returning();
      return row!;
    },
    /** An absence answers for the member, over any earlier answer. */
    async answerForAbsence(answers: AutoAnswer[]): Promise<void> {
      if (answers.length === 0) return;
      await db
        .insert(rsvps)
        .values(answers.map((a) => ({ ...a, status: 'not-attending' as const, auto: true })))
        .onConflictDoUpdate({
          target: [rsvps.eventId, rsvps.userId],
          set: {
            status: 'not-attending',
            auto: true,
            reason: sql`excluded.reason`,
            availabilityId: sql`excluded.availability_id`,
            answeredBy: sql`excluded.answered_by`,
            responseDate: sql`now()`,
          },
        });
    },
    /** An absence answers where nobody answered yet (new or moved events, a removed entry). */
    async answerWhereUnanswered(answers: AutoAnswer[]): Promise<void> {
      if (answers.length === 0) return;
      await db
        .insert(rsvps)
        .values(answers.map((a) => ({ ...a, status: 'not-attending' as const, auto: true })))
        .onConflictDoNothing();
    },
    /** Removes the answers an entry gave; returns the events they were for. */
    async removeForAbsence(availabilityId: string): Promise<string[]> {
      const rows = await db
        .delete(rsvps)
        .where(and(eq(rsvps.availabilityId, availabilityId), eq(rsvps.auto, true)))
        .returning({ eventId: rsvps.eventId });
      return rows.map((r) => r.eventId);
    },
    /** The answers absences gave for these events. */
    async autoFor(eventIds: string[]): Promise<RsvpRow[]> {
      if (eventIds.length === 0) return [];
      return db
        .select()
        .from(rsvps)
        .where(and(inArray(rsvps.eventId, eventIds), eq(rsvps.auto, true)));
    },
    async remove(pairs: { eventId: string; userId: string }[]): Promise<void> {
      for (const { eventId, userId } of pairs) {
        await db.delete(rsvps).where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)));
      }
    },
  };
}

export type RsvpsRepo = ReturnType<typeof createRsvpsRepo>;
