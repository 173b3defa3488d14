/** Data access for events and their series. */
import type { Weekday } from '@teamapp/contracts';
import { type Database, updateById } from '@teamapp/service-kit';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { events, series, type EventRow, type EventsSchema, type SeriesRow } from './schema';

/** Which events a list covers. The same filter drives every query of one list. */
export interface EventFilter {
  type?: EventRow['type'];
  ids?: string[];
  /** One list's events: that team's, or (null) the club-wide ones. */
  team?: string | null;
  /** What a member sees: the club-wide events and those of these teams. */
  seenIn?: string[];
  /** The events of these teams only (a coach's attendance). */
  teams?: string[];
}

export function eventFilterSql(filter: EventFilter): SQL | undefined {
  return and(
    filter.type ? eq(events.type, filter.type) : undefined,
    filter.ids ? inArray(events.id, filter.ids) : undefined,
    filter.team === undefined
      ? undefined
      : filter.team === null
        ? isNull(events.teamId)
        : eq(events.teamId, filter.team),
    filter.seenIn
      ? filter.seenIn.length === 0
        ? isNull(events.teamId)
        : or(isNull(events.teamId), inArray(events.teamId, filter.seenIn))
      : undefined,
    filter.teams ? inArray(events.teamId, filter.teams) : undefined,
  );
}

/** A table of rows that belong to one event each (answers, attendance, results, scorers). */
type PerEventTable = PgTable & { eventId: AnyPgColumn };

/** The rows of a per-event table for the events of one list, in one query whatever their number. */
export async function rowsForEventList<TTable extends PerEventTable>(
  db: Database<EventsSchema>,
  perEvent: TTable,
  filter: EventFilter,
): Promise<TTable['$inferSelect'][]> {
  if (filter.ids?.length === 0) return [];
  const table: PerEventTable = perEvent;
  const rows = await db
    .select({ row: table })
    .from(table)
    .innerJoin(events, eq(events.id, table.eventId))
    .where(eventFilterSql(filter));
  return rows.map((r) => r.row as TTable['$inferSelect']);
}

export type EventWithSeries = EventRow & { series: SeriesRow | null };

export type NewEvent = Pick<
  EventRow,
  'title' | 'description' | 'eventDate' | 'location' | 'type' | 'isRequired' | 'teamId'
> & { seriesId?: string | null; createdBy?: string | null };

export type EventPatch = Partial<Omit<NewEvent, 'createdBy'>>;

export function createEventsRepo(db: Database<EventsSchema>) {
  const withSeries = () =>
    db
      .select({ event: events, series })
      .from(events)
      .leftJoin(series, eq(series.id, events.seriesId));
  const flatten = (rows: { event: EventRow; series: SeriesRow | null }[]): EventWithSeries[] =>
    rows.map((r) => ({ ...r.event, series: r.series }));

  return {
    async list(filter: EventFilter): Promise<EventWithSeries[]> {
      if (filter.ids?.length === 0) return [];
      return flatten(
        await withSeries()
          .where(eventFilterSql(filter))
          .orderBy(asc(events.eventDate), asc(events.id)),
      );
    },
    /**
     * The ids of a bounded list: every event from `at` on (when `upcoming`), and the `page` most
     * recent before it with any others at the oldest one's instant; `more` when older ones remain.
     */
    async bounded(
      filter: EventFilter,
      at: Date,
      upcoming: boolean,
      page: number,
    ): Promise<{ ids: string[]; more: boolean }> {
      const where = eventFilterSql(filter);
      const ids = new Set<string>();
      if (upcoming) {
        const rows = await db
          .select({ id: events.id })
          .from(events)
          .where(and(where, gte(events.eventDate, at)));
        for (const row of rows) ids.add(row.id);
      }
      const past = await db
        .select({ id: events.id, eventDate: events.eventDate })
        .from(events)
        .where(and(where, lt(events.eventDate, at)))
        .orderBy(desc(events.eventDate), desc(events.id))
        .limit(page);
      for (const row of past) ids.add(row.id);
      const oldest = past.at(-1);
      if (past.length < page || !oldest) return { ids: [...ids], more: false };
      const [ties, older] = await Promise.all([
        db
          .select({ id: events.id })
          .from(events)
          .where(and(where, eq(events.eventDate, oldest.eventDate))),
        db
          .select({ id: events.id })
          .from(events)
          .where(and(where, lt(events.eventDate, oldest.eventDate)))
          .limit(1),
      ]);
      for (const row of ties) ids.add(row.id);
      return { ids: [...ids], more: older.length > 0 };
    },
    async find(id: string): Promise<EventWithSeries | undefined> {
      const [row] = flatten(await withSeries().where(eq(events.id, id)).limit(1));
      return row;
    },
    /** The occurrences of a series from an instant on, soonest first. */
    async seriesFrom(seriesId: string, from: Date): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.eventDate, from)))
        .orderBy(asc(events.eventDate));
    },
    /** Events whose time lies in [from, to). */
    async between(from: Date, to: Date): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(gte(events.eventDate, from), sql`${events.eventDate} < ${to}`));
    },
    /** The first `limit` events from an instant on that a member of these teams sees, soonest first. */
    async nextSeenIn(teams: string[], from: Date, limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(gte(events.eventDate, from), eventFilterSql({ seenIn: teams })))
        .orderBy(asc(events.eventDate), asc(events.id))
        .limit(limit);
    },
    /** Events from an instant on (reminders to schedule at start). */
    async upcoming(from: Date): Promise<EventRow[]> {
      return db.select().from(events).where(gte(events.eventDate, from));
    },
    async insertSeries(rule: {
      weekdays: Weekday[];
      until?: string | null;
      count?: number | null;
    }): Promise<SeriesRow> {
      const [row] = await db
        .insert(series)
        .values({ weekdays: rule.weekdays, until: rule.until ?? null, count: rule.count ?? null })
        .returning();
      return row!;
    },
    async insertMany(rows: NewEvent[]): Promise<EventRow[]> {
      if (rows.length === 0) return [];
      return db.insert(events).values(rows).returning();
    },
    async update(id: string, patch: EventPatch): Promise<EventRow | undefined> {
      return updateById(db, events, id, patch);
    },
    async deleteMany(ids: string[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      return db.delete(events).where(inArray(events.id, ids)).returning();
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
