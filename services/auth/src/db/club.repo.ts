/**
 * The club's day as auth counts ages in it (docs/reference.md "Families"): the date in the club's
 * time zone, and the adult age content last published (ADULT_AGE before it said any).
 */
import { ADULT_AGE } from '@teamapp/contracts';
import { clubToday, type Database } from '@teamapp/service-kit';
import { branding, type AuthSchema } from './schema';

export interface ClubDay {
  /** The club's date (YYYY-MM-DD). */
  today: string;
  adultAge: number;
}

export function createClubRepo(db: Database<AuthSchema>, timeZone: string) {
  return {
    /** The adult age as last heard (ADULT_AGE before any branding event named one). */
    async adultAge(): Promise<number> {
      const [row] = await db.select({ adultAge: branding.adultAge }).from(branding).limit(1);
      return row?.adultAge ?? ADULT_AGE;
    },
    /** The club's day at `now`, with the adult age that holds on it. */
    async day(now = new Date()): Promise<ClubDay> {
      return { today: clubToday(timeZone, now), adultAge: await this.adultAge() };
    },
  };
}

export type ClubRepo = ReturnType<typeof createClubRepo>;
