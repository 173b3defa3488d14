import type { Attendee } from '@teamapp/contracts';
import {
  averageAttendance,
  nextEvent,
  percent,
  playerAttendanceRate,
  upcomingEvents,
  whenLabel,
} from './dashboard-stats';
import { testEvent } from './test-event';

const ME = 'me';

const answers = (...statuses: Attendee['status'][]) => statuses.map((status) => ({ status }));
/** Same text whether ICU puts a normal or a narrow no-break space before AM/PM. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const NOW = new Date('2026-05-01T15:00:00.000Z');

describe('percent', () => {
  it('rounds half up to a whole percentage', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 8)).toBe(13); // 12.5
    expect(percent(1, 200)).toBe(1); // 0.5
    expect(percent(0, 5)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });

  it('is null when there is nothing to divide by', () => {
    expect(percent(0, 0)).toBeNull();
  });
});

describe('upcoming events and the next one', () => {
  const past = testEvent('past', '2026-05-01T14:59:59.999Z');
  const rightNow = testEvent('now', NOW.toISOString());
  const later = testEvent('later', '2026-06-01T18:00:00.000Z');

  it('counts an event at this very moment as upcoming (reference §4), soonest first', () => {
    expect(upcomingEvents([later, past, rightNow], NOW).map((e) => e.id)).toEqual(['now', 'later']);
    expect(nextEvent([later, past, rightNow], NOW)?.id).toBe('now');
  });

  it('has none without events or with only past ones', () => {
    expect(upcomingEvents([], NOW)).toEqual([]);
    expect(nextEvent([past], NOW)).toBeUndefined();
  });
});

describe('averageAttendance (reference §9)', () => {
  it('is attending among all responses on upcoming events, pending not being a response', () => {
    const events = [
      testEvent('a', '2026-05-02T18:00:00.000Z', answers('attending', 'maybe', 'pending')),
      testEvent('b', '2026-05-09T18:00:00.000Z', answers('attending', 'not-attending', 'pending')),
      // Past events do not count.
      testEvent('c', '2026-04-01T18:00:00.000Z', answers('attending', 'attending', 'attending')),
    ];
    expect(averageAttendance(events, NOW)).toBe(50); // 2 of 4
  });

  it("counts from each event's counts when it lists no one's entry (a player's list)", () => {
    const event = {
      ...testEvent('a', '2026-05-02T18:00:00.000Z'),
      counts: { attending: 3, maybe: 1, 'not-attending': 0, pending: 6 },
    };
    expect(averageAttendance([event], NOW)).toBe(75);
  });

  it('rounds to a whole percentage', () => {
    const events = [
      testEvent('a', '2026-05-02T18:00:00.000Z', answers('attending', 'attending', 'maybe')),
    ];
    expect(averageAttendance(events, NOW)).toBe(67);
  });

  it('is null with no events, or no responses yet', () => {
    expect(averageAttendance([], NOW)).toBeNull();
    expect(
      averageAttendance([testEvent('a', '2026-05-02T18:00:00.000Z', answers('pending'))], NOW),
    ).toBeNull();
  });
});

describe('playerAttendanceRate (across all events)', () => {
  const mine = (status: Attendee['status']): Partial<Attendee>[] => [
    { user_id: ME, status },
    { status: 'attending' },
  ];

  it("is the player's attending answers over all events, past and upcoming, rounded", () => {
    const events = [
      testEvent('a', '2026-04-01T18:00:00.000Z', mine('attending')),
      testEvent('b', '2026-04-08T18:00:00.000Z', mine('not-attending')),
      testEvent('c', '2026-05-08T18:00:00.000Z', mine('maybe')),
      testEvent('d', '2026-05-15T18:00:00.000Z', mine('pending')),
      testEvent('e', '2026-05-22T18:00:00.000Z', mine('attending')),
      testEvent('f', '2026-05-29T18:00:00.000Z', []),
    ];
    expect(playerAttendanceRate(events, ME, undefined)).toBe(33); // 2 of 6
  });

  it("reads the player's own entries from the list's mine when the events name no one", () => {
    const events = ['a', 'b', 'c'].map((id) => ({
      ...testEvent(id, '2026-05-08T18:00:00.000Z'),
      counts: { attending: 5, maybe: 0, 'not-attending': 0, pending: 0 },
    }));
    const own = (status: Attendee['status']) => ({ user_id: ME, status, response_date: null });
    const mine = { a: own('attending'), b: own('maybe') };
    expect(playerAttendanceRate(events, ME, mine)).toBe(33); // 1 of 3
  });

  it('is null when there are no events', () => {
    expect(playerAttendanceRate([], ME, {})).toBeNull();
  });
});

describe("whenLabel, in the club's time zone", () => {
  const CHICAGO = 'America/Chicago'; // UTC-5 in May (CDT)
  // 10:00 in Chicago on Friday, May 1 2026.
  const morning = new Date('2026-05-01T15:00:00.000Z');

  it('says Today for any time up to the end of the club day', () => {
    expect(whenLabel('2026-05-01T15:00:00.000Z', morning, CHICAGO)).toBe('Today');
    // 23:59 in Chicago is already May 2 in UTC, still today for the club.
    expect(whenLabel('2026-05-02T04:59:00.000Z', morning, CHICAGO)).toBe('Today');
  });

  it('says Tomorrow from club midnight to the end of the next club day', () => {
    expect(whenLabel('2026-05-02T05:00:00.000Z', morning, CHICAGO)).toBe('Tomorrow');
    expect(whenLabel('2026-05-03T04:59:00.000Z', morning, CHICAGO)).toBe('Tomorrow');
  });

  it('gives the date and time in the club zone after that', () => {
    expect(plain(whenLabel('2026-05-03T05:00:00.000Z', morning, CHICAGO))).toBe(
      'Sun, May 3, 2026, 12:00 AM',
    );
    // 19:00 club time is 7:00 PM whatever zone the browser is in.
    expect(plain(whenLabel('2026-05-10T00:00:00.000Z', morning, CHICAGO))).toBe(
      'Sat, May 9, 2026, 7:00 PM',
    );
    expect(plain(whenLabel('2026-05-10T07:00:00.000Z', morning, 'Pacific/Auckland'))).toBe(
      'Sun, May 10, 2026, 7:00 PM',
    );
  });

  it('uses the club date of now, not the UTC one', () => {
    // 23:30 on April 30 in Chicago, already May 1 in UTC.
    const lateEvening = new Date('2026-05-01T04:30:00.000Z');
    expect(whenLabel('2026-05-01T18:00:00.000Z', lateEvening, CHICAGO)).toBe('Tomorrow');
    expect(whenLabel('2026-05-01T04:45:00.000Z', lateEvening, CHICAGO)).toBe('Today');
  });

  it('counts calendar days across a DST change and a month end', () => {
    // Saturday, March 7 2026, 12:00 in Chicago; clocks go forward on Sunday, March 8.
    const beforeDst = new Date('2026-03-07T18:00:00.000Z');
    expect(whenLabel('2026-03-09T04:59:00.000Z', beforeDst, CHICAGO)).toBe('Tomorrow'); // Mar 8, 23:59 CDT
    expect(whenLabel('2026-03-09T05:00:00.000Z', beforeDst, CHICAGO)).not.toBe('Tomorrow');
    // Sunday, May 31, 12:00 in Chicago: tomorrow is June 1.
    expect(
      whenLabel('2026-06-01T17:00:00.000Z', new Date('2026-05-31T17:00:00.000Z'), CHICAGO),
    ).toBe('Tomorrow');
  });
});
