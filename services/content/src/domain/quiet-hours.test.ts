/** Quiet hours in the club's time zone, over midnight and on the days the clocks change (reference §2). */
import { isUrgent, quietUntil } from './quiet-hours';

const ZONE = 'America/Chicago';
const at = (iso: string) => new Date(iso);

describe('quietUntil', () => {
  it('when there are no quiet hours, or start equals end, then nothing is quiet', () => {
    const now = at('2026-11-27T18:00:00Z');
    expect(quietUntil(null, ZONE, now)).toBeNull();
    expect(quietUntil({ start: '12:00', end: '12:00' }, ZONE, now)).toBeNull();
  });

  it('when quiet hours lie within a day, then they hold from start until end, end excluded', () => {
    const day = { start: '09:00', end: '17:00' };
    // 12:00 CST (UTC-6) ends at 17:00 CST.
    expect(quietUntil(day, ZONE, at('2026-11-27T18:00:00Z'))).toEqual(at('2026-11-27T23:00:00Z'));
    expect(quietUntil(day, ZONE, at('2026-11-27T15:00:00Z'))).toEqual(at('2026-11-27T23:00:00Z'));
    expect(quietUntil(day, ZONE, at('2026-11-27T14:59:00Z'))).toBeNull();
    expect(quietUntil(day, ZONE, at('2026-11-27T23:00:00Z'))).toBeNull();
  });

  it('when quiet hours span midnight, then both evening and early morning end the next morning', () => {
    const night = { start: '22:00', end: '07:00' };
    const morning = at('2026-01-16T13:00:00Z'); // 07:00 CST on Jan 16
    expect(quietUntil(night, ZONE, at('2026-01-16T05:30:00Z'))).toEqual(morning); // 23:30
    expect(quietUntil(night, ZONE, at('2026-01-16T04:00:00Z'))).toEqual(morning); // 22:00
    expect(quietUntil(night, ZONE, at('2026-01-16T09:00:00Z'))).toEqual(morning); // 03:00
    expect(quietUntil(night, ZONE, at('2026-01-16T13:00:00Z'))).toBeNull(); // 07:00
    expect(quietUntil(night, ZONE, at('2026-01-16T03:59:00Z'))).toBeNull(); // 21:59
  });

  it('when the clocks go forward overnight, then the night ends at 07:00 daylight time', () => {
    // 23:00 CST on March 7, 2026; the clocks skip 02:00-03:00 on March 8.
    const night = { start: '22:00', end: '07:00' };
    expect(quietUntil(night, ZONE, at('2026-03-08T05:00:00Z'))).toEqual(
      at('2026-03-08T12:00:00Z'), // 07:00 CDT (UTC-5): seven hours later, not eight
    );
    // An end inside the skipped hour is the same time after it.
    expect(quietUntil({ start: '01:00', end: '02:30' }, ZONE, at('2026-03-08T07:30:00Z'))).toEqual(
      at('2026-03-08T08:30:00Z'), // 03:30 CDT
    );
  });

  it('when the clocks go back overnight, then the night ends at 07:00 standard time', () => {
    // 23:00 CDT on October 31, 2026; the clocks go back at 02:00 on November 1.
    const night = { start: '22:00', end: '07:00' };
    expect(quietUntil(night, ZONE, at('2026-11-01T04:00:00Z'))).toEqual(
      at('2026-11-01T13:00:00Z'), // 07:00 CST (UTC-6): nine hours later
    );
  });

  it('when the same hours are read in another zone, then they are that zone’s wall clock', () => {
    const night = { start: '22:00', end: '07:00' };
    // 23:00 in Berlin (UTC+1) is 16:00 in Chicago: quiet there, not here.
    expect(quietUntil(night, 'Europe/Berlin', at('2026-01-16T22:00:00Z'))).toEqual(
      at('2026-01-17T06:00:00Z'),
    );
    expect(quietUntil(night, ZONE, at('2026-01-16T22:00:00Z'))).toBeNull();
  });
});

describe('isUrgent', () => {
  const now = at('2026-11-27T18:00:00Z');
  it('when the event starts within 48 hours, then its change is urgent', () => {
    expect(isUrgent('2026-11-29T17:59:00Z', now)).toBe(true);
    expect(isUrgent('2026-11-29T18:00:00Z', now)).toBe(true);
  });
  it('when it starts later, or no event is named, then it is not', () => {
    expect(isUrgent('2026-11-29T18:01:00Z', now)).toBe(false);
    expect(isUrgent('2026-11-30T18:00:00Z', now)).toBe(false);
    expect(isUrgent(undefined, now)).toBe(false);
  });
});
