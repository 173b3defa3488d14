/** Data access for sent reminders: claiming a reminder is what makes it go out once. */
import type { ReminderStep } from '@teamapp/contracts';
import type { Database } from '@teamapp/service-kit';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { inTeamCondition } from '@teamapp/service-kit';
import { members, remindersSent, rsvps, type EventsSchema } from './schema';

export function createRemindersRepo(db: Database<EventsSchema>) {
  return {
    /**
     * Claims this step's reminder for every active member invited (the team's, with `teamId`)
     * who has not answered and was not yet reminded; returns whom to remind (a second run for
     * the same step returns nobody).
     */
    async claim(
      eventId: string,
      step: ReminderStep,
      startsAt: Date,
      teamId: string | null = null,
    ): Promise<{ userId: string; name: string | null; email: string | null }[]> {
      const unanswered = db
        .select({
          eventId: sql<string>`${eventId}::uuid`.as('event_id'),
          userId: members.userId,
          step: sql<ReminderStep>`${step}`.as('step'),
          startsAt: sql<Date>`${startsAt.toISOString()}::timestamptz`.as('starts_at'),
          sentAt: sql<Date>`now()`.as('sent_at'),
        })
        .from(members)
        .where(
          and(
            eq(members.active, true),
            teamId === null ? undefined : inTeamCondition(members, teamId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(rsvps)
                .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, members.userId))),
            ),
          ),
        );
      const claimed = await db
        .insert(remindersSent)
        .select(unanswered)
        .onConflictDoNothing()
        .returning({ userId: remindersSent.userId });
      if (claimed.length === 0) return [];
      return db
        .select({ userId: members.userId, name: members.name, email: members.email })
        .from(members)
        .where(
          inArray(
            members.userId,
            claimed.map((c) => c.userId),
          ),
        );
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
