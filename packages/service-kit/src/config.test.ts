/**
 * CLUB_TIME_ZONE as the services that read club wall-clock times parse it: a zone the runtime
 * does not know is refused, naming the key; unset, it is the machine's own zone.
 */
import { clubTimeZoneSchema, clubToday, parseConfig } from './config';

const shape = { CLUB_TIME_ZONE: clubTimeZoneSchema };

describe('CLUB_TIME_ZONE', () => {
  it('when it names no IANA zone, then the configuration is refused naming it', () => {
    for (const zone of ['Mars/Olympus', 'GMT+25', 'Chicago']) {
      expect(() => parseConfig(shape, { CLUB_TIME_ZONE: zone })).toThrow(
        'CLUB_TIME_ZONE: must be an IANA time zone such as America/New_York',
      );
    }
  });

  it('when it names a zone, then that zone is kept; unset or empty, the machine zone', () => {
    expect(parseConfig(shape, { CLUB_TIME_ZONE: 'America/Chicago' }).CLUB_TIME_ZONE).toBe(
      'America/Chicago',
    );
    const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(parseConfig(shape, {}).CLUB_TIME_ZONE).toBe(machine);
    expect(parseConfig(shape, { CLUB_TIME_ZONE: '' }).CLUB_TIME_ZONE).toBe(machine);
  });
});

describe('clubToday', () => {
  it('when it is already tomorrow in the club but not at the server, then the club day counts', () => {
    // 23:30 on 31 December in London is 1 January in Auckland and still 31 December in Chicago.
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(clubToday('Pacific/Auckland', instant)).toBe('2027-01-01');
    expect(clubToday('America/Chicago', instant)).toBe('2026-12-31');
    expect(clubToday('UTC', instant)).toBe('2026-12-31');
  });
});
