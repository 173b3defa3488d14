/** Data access for game results and their scorers. */
import type { Database } from '@teamapp/service-kit';
import { eq } from 'drizzle-orm';
import { rowsForEventList, type EventFilter } from './events.repo';
import { results, scorers, type EventsSchema, type ResultRow, type ScorerRow } from './schema';

export interface ResultWithScorers extends ResultRow {
  scorers: ScorerRow[];
}

export function createResultsRepo(db: Database<EventsSchema>) {
  return {
    /** Every result of one list's events with its scorers, in two queries whatever their number. */
    async forList(filter: EventFilter): Promise<Map<string, ResultWithScorers>> {
      const [resultRows, scorerRows] = await Promise.all([
        rowsForEventList(db, results, filter),
        rowsForEventList(db, scorers, filter),
      ]);
      const map = new Map<string, ResultWithScorers>(
        resultRows.map((result) => [result.eventId, { ...result, scorers: [] }]),
      );
      for (const scorer of scorerRows) map.get(scorer.eventId)?.scorers.push(scorer);
      return map;
    },

    /** Replaces a game's result and scorers (call inside a transaction). */
    async save(
      eventId: string,
      result: { ours: number; theirs: number },
      list: { userId: string; goals: number; assists: number }[],
      recordedBy: string,
    ): Promise<void> {
      await db.delete(results).where(eq(results.eventId, eventId));
      await db.insert(results).values({ eventId, ...result, recordedBy });
      const counted = list.filter((s) => s.goals > 0 || s.assists > 0);
      if (counted.length > 0) {
        await db.insert(scorers).values(counted.map((s) => ({ eventId, ...s })));
      }
    },
  };
}

export type ResultsRepo = ReturnType<typeof createResultsRepo>;
