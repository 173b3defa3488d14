/**
 * Weekly recurrence with rrule. The rule runs on the club's wall-clock time ("every Monday at
 * 19:00"), so each occurrence keeps its local time across daylight-saving changes: rrule works on
 * floating times (local fields written as UTC) and each result is placed back in the club's zone.
 */
import { RECURRENCE_MAX_YEARS, type Recurrence } from '@teamapp/contracts';
import { badRequest } from '@teamapp/service-kit';
import { DateTime } from 'luxon';
import { RRule } from 'rrule';

const toFloating = (local: DateTime) =>
  new Date(
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second),
  );

const fromFloating = (floating: Date, zone: string) =>
  DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    { zone },
  ).toJSDate();

export const TOO_LONG = `recurrence must end within ${RECURRENCE_MAX_YEARS} years of the first event`;

/** Every occurrence of the rule from `first` on; 400 when it has none or runs too long. */
export function expandRecurrence(first: Date, rule: Recurrence, zone: string): Date[] {
  const start = DateTime.fromJSDate(first, { zone });
  const limit = toFloating(start.plus({ years: RECURRENCE_MAX_YEARS }).endOf('day'));
  let until: Date | undefined;
  if (rule.until) {
    const lastDay = DateTime.fromISO(rule.until, { zone });
    if (lastDay.toISODate()! < start.toISODate()!) {
      throw badRequest('recurrence.until must not be before the event date', 'recurrence.until');
    }
    until = toFloating(lastDay.endOf('day'));
    if (until > limit) throw badRequest(TOO_LONG, 'recurrence.until');
  }
  const rrule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: rule.weekdays.map((day) => RRule[day]),
    dtstart: toFloating(start),
    until,
    count: rule.count,
    wkst: RRule.MO,
  });
  let tooLong = false;
  const floating = rrule.all((date) => {
    if (date > limit) {
      tooLong = true;
      return false;
    }
    return true;
  });
  if (tooLong) throw badRequest(TOO_LONG, 'recurrence.count');
  if (floating.length === 0) {
    throw badRequest('recurrence gives no events: check weekdays and until', 'recurrence');
  }
  return floating.map((date) => fromFloating(date, zone));
}
