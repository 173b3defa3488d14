/** Data access for availability entries. */
import type { Database } from '@teamapp/service-kit';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { availability, type AvailabilityRow, type EventsSchema } from './schema';

export type NewAvailability = Pick<
  AvailabilityRow,
  'userId' | 'startDate' | 'endDate' | 'isAvailable' | 'reason'
> &
  Partial<Pick<AvailabilityRow, 'addedBy'>>;

export function createAvailabilityRepo(db: Database<EventsSchema>) {
  return {
    async listFor(userId: string): Promise<AvailabilityRow[]> {
      return db
        .select()
        .from(availability)
        .where(eq(availability.userId, userId))
        .orderBy(asc(availability.startDate), asc(availability.createdAt));
    },
    async insert(entry: NewAvailability): Promise<AvailabilityRow> {
      const [row] = await db.insert(availability).values(entry).returning();
      return row!;
    },
    async find(id: string): Promise<AvailabilityRow | undefined> {
      const [row] = await db.select().from(availability).where(eq(availability.id, id)).limit(1);
      return row;
    },
    async remove(id: string): Promise<void> {
      await db.delete(availability).where(eq(availability.id, id));
    },
    /** Every Not Available entry touching [from, to] (club dates), optionally of one member. */
    async awayBetween(from: string, to: string, userId?: string): Promise<AvailabilityRow[]> {
      return db
        .select()
        .from(availability)
        .where(
          and(
            eq(availability.isAvailable, false),
            lte(availability.startDate, to),
            gte(availability.endDate, from),
            userId ? eq(availability.userId, userId) : undefined,
          ),
        )
        .orderBy(asc(availability.createdAt));
    },
  };
}

export type AvailabilityRepo = ReturnType<typeof createAvailabilityRepo>;
