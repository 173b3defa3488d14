import { AppError } from '@teamapp/service-kit';
import { DateTime } from 'luxon';
import { expandRecurrence } from './recurrence';

const zone = 'America/Chicago';
const at = (iso: string) => DateTime.fromISO(iso, { zone }).toJSDate();
const local = (dates: Date[]) =>
  dates.map((d) => DateTime.fromJSDate(d, { zone }).toFormat("yyyy-MM-dd'T'HH:mm ccc"));

describe('weekly recurrence in the club time zone', () => {
  it('when the series crosses the end of daylight saving, then every event keeps 7:00 PM', () => {
    const dates = expandRecurrence(
      at('2030-10-28T19:00'),
      { weekdays: ['MO', 'WE'], count: 4 },
      zone,
    );

    expect(local(dates)).toEqual([
      '2030-10-28T19:00 Mon',
      '2030-10-30T19:00 Wed',
      '2030-11-04T19:00 Mon',
      '2030-11-06T19:00 Wed',
    ]);
    expect(dates[0]!.toISOString()).toBe('2030-10-29T00:00:00.000Z');
    expect(dates[2]!.toISOString()).toBe('2030-11-05T01:00:00.000Z');
  });

  it('when an end date is given, then the series includes that day', () => {
    const dates = expandRecurrence(
      at('2030-10-28T19:00'),
      { weekdays: ['MO'], until: '2030-11-11' },
      zone,
    );
    expect(local(dates)).toEqual([
      '2030-10-28T19:00 Mon',
      '2030-11-04T19:00 Mon',
      '2030-11-11T19:00 Mon',
    ]);
  });

  it('when the first date is not one of the weekdays, then the series starts on the next one', () => {
    const dates = expandRecurrence(at('2030-10-29T18:00'), { weekdays: ['TH'], count: 2 }, zone);
    expect(local(dates)).toEqual(['2030-10-31T18:00 Thu', '2030-11-07T18:00 Thu']);
  });

  it('when it ends exactly two years after the first event, then it is accepted', () => {
    const dates = expandRecurrence(
      at('2030-01-07T19:00'),
      { weekdays: ['MO'], until: '2032-01-07' },
      zone,
    );
    expect(dates.length).toBeGreaterThan(100);
  });

  it.each([
    [{ weekdays: ['MO'] as const, until: '2032-01-08' }, 'within 2 years'],
    [{ weekdays: ['MO'] as const, count: 200 }, 'within 2 years'],
    [{ weekdays: ['MO'] as const, until: '2030-01-06' }, 'must not be before'],
    [{ weekdays: ['SU'] as const, until: '2030-01-12' }, 'no events'],
  ])('when the rule is %j, then a 400 saying %s', (rule, words) => {
    const expand = () =>
      expandRecurrence(at('2030-01-07T19:00'), { ...rule, weekdays: [...rule.weekdays] }, zone);
    expect(expand).toThrow(AppError);
    expect(expand).toThrow(words);
  });
});
