/**
 * The availability calendar's month (reference §2, §9) and its words: which month is shown, which
 * days an entry makes unavailable, and US English labels. Days are plain calendar dates
 * (YYYY-MM-DD), computed in UTC so no time zone or daylight-saving change can shift a day.
 */
import type { AvailabilityEntry } from '@teamapp/contracts';

export interface Month {
  year: number;
  /** 0 = January. */
  month: number;
}

export function monthOf(date: string): Month {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return { year, month: month - 1 };
}

export function shiftMonth({ year, month }: Month, by: number): Month {
  const d = new Date(Date.UTC(year, month + by, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

/** The month's first day, YYYY-MM-DD (what @mantine/dates' Month is given). */
export const firstDayOf = ({ year, month }: Month) =>
  `${year}-${String(month + 1).padStart(2, '0')}-01`;

/** Reference §4: a day is unavailable when it falls inside an entry whose is_available is false. */
export function unavailableEntry(
  date: string,
  entries: AvailabilityEntry[],
): AvailabilityEntry | undefined {
  return entries.find((e) => !e.is_available && e.start_date <= date && date <= e.end_date);
}

const monthTitle = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayTitle = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const monthLabel = ({ year, month }: Month) =>
  monthTitle.format(new Date(Date.UTC(year, month, 1)));
export const dayLabel = (date: string) => dayTitle.format(new Date(`${date}T00:00:00Z`));
export const dateLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** Today as the member's calendar shows it (their device's date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
