import { seriesDates } from './series-dates';

describe('seriesDates', () => {
  it('when a rule has a count, then it gives that many dates on its weekdays from the first', () => {
    expect(seriesDates('2099-05-06', { weekdays: ['MO', 'WE'], count: 4 })).toEqual([
      '2099-05-06',
      '2099-05-11',
      '2099-05-13',
      '2099-05-18',
    ]);
  });

  it('when a rule ends on a date, then that date is the last one it can give', () => {
    expect(seriesDates('2099-05-06', { weekdays: ['WE'], until: '2099-05-20' })).toEqual([
      '2099-05-06',
      '2099-05-13',
      '2099-05-20',
    ]);
  });

  it('when the first date is not on a chosen weekday, then it is left out, as the service does', () => {
    expect(seriesDates('2099-05-06', { weekdays: ['FR'], count: 2 })).toEqual([
      '2099-05-08',
      '2099-05-15',
    ]);
  });

  it('when a rule is long or the date is unfinished, then it stops at the limit or gives none', () => {
    const daily = { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const, count: 500 };
    expect(seriesDates('2099-05-06', { ...daily, weekdays: [...daily.weekdays] })).toHaveLength(
      400,
    );
    // Three days a week for two years is as far as a series may run.
    expect(seriesDates('2099-05-06', { weekdays: ['MO', 'TU', 'WE'], count: 730 })).toHaveLength(
      313,
    );
    expect(seriesDates('2099-05', { weekdays: ['WE'], count: 3 })).toEqual([]);
  });
});
