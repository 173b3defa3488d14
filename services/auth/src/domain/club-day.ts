/**
 * Ages in the club's days (docs/reference.md "Families"): a member is a minor while under the
 * club's adult age on the club's date (db/club.repo.ts reads both).
 */
import { isMinor } from '@teamapp/contracts';
import type { ClubDay } from '../db/club.repo';

export type { ClubDay } from '../db/club.repo';

/** Under the club's adult age on its day; no date of birth counts as an adult. */
export const minorOn = (row: { dateOfBirth: string | null }, day: ClubDay): boolean =>
  isMinor(row.dateOfBirth, day.today, day.adultAge);

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
