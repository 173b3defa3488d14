/**
 * What a typed date becomes: a whole date in any of the accepted spellings is YYYY-MM-DD, and
 * anything else (half typed, or a day that does not exist) is not a date yet.
 */
import { parseTypedDate } from './date-fields';

it('when a whole date is typed as ISO or in US English, then it is the calendar day', () => {
  expect(parseTypedDate('2099-05-06')).toBe('2099-05-06');
  expect(parseTypedDate('5/6/2099')).toBe('2099-05-06');
  expect(parseTypedDate('May 6, 2099')).toBe('2099-05-06');
  expect(parseTypedDate(' December 31, 2026 ')).toBe('2026-12-31');
});

it('when the date is half typed or does not exist, then it is no date', () => {
  for (const text of [
    '2',
    '2099',
    '2099-05',
    '2099-05-0',
    '5/6',
    'May 6',
    '2026-02-30',
    '13/1/2026',
  ]) {
    expect(parseTypedDate(text)).toBeNull();
  }
});
