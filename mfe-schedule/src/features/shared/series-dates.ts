/**
 * The club dates a weekly rule gives from a first date, worked out with rrule as the events
 * service does (so the dates match what it will create): a first date on a weekday the rule does
 * not name is not one of them. Dates only, so time zones play no part.
 */
import { RECURRENCE_MAX_YEARS, type Recurrence } from '@teamapp/contracts';
import { RRule } from 'rrule';

/** GET /events/conflicts takes at most this many dates. */
export const MAX_CONFLICT_DATES = 400;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const floating = (iso: string, endOfDay = false): Date | null => {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const d = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), endOfDay ? 23 : 0, endOfDay ? 59 : 0),
  );
  return Number.isNaN(d.getTime()) ? null : d;
};

/** YYYY-MM-DD dates of the series starting on `first`, at most `limit`; [] when it has none. */
export function seriesDates(first: string, rule: Recurrence, limit = MAX_CONFLICT_DATES): string[] {
  const start = floating(first);
  if (!start || rule.weekdays.length === 0) return [];
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + RECURRENCE_MAX_YEARS);
  const until = rule.until ? floating(rule.until, true) : null;
  if (rule.until && !until) return [];
  const rrule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: rule.weekdays.map((day) => RRule[day]),
    dtstart: start,
    until: until && until < end ? until : end,
    count: rule.count,
    wkst: RRule.MO,
  });
  return rrule.all((_, i) => i < limit).map((d) => d.toISOString().slice(0, 10));
}
