/**
 * @jest-environment jsdom
 *
 * Where a moved card lands, and the dates a card shows (the fixtures come with the DOM helpers).
 */
import { dateInDays, dueDateText, moveTask, toColumns } from './board';
import { BIBS, BOARD, BUDGET, SPONSOR } from './test/fixtures';

const titles = (tasks: ReturnType<typeof moveTask>) =>
  Object.fromEntries(
    Object.entries(toColumns(tasks)).map(([status, cards]) => [
      status,
      cards.map((t) => `${t.title}@${t.position}`),
    ]),
  );

it('when a card moves to another column, then it goes between the cards there and both columns are numbered again', () => {
  expect(titles(moveTask(BOARD, BIBS.id, 'in-progress', 0))).toEqual({
    backlog: [`${SPONSOR.title}@0`],
    'in-progress': [`${BIBS.title}@0`, `${BUDGET.title}@1`],
    review: [],
    completed: [],
  });
});

it('when a card moves within its column or past its end, then the others keep their order', () => {
  expect(titles(moveTask(BOARD, SPONSOR.id, 'backlog', 0)).backlog).toEqual([
    `${SPONSOR.title}@0`,
    `${BIBS.title}@1`,
  ]);
  expect(titles(moveTask(BOARD, BIBS.id, 'review', 99)).review).toEqual([`${BIBS.title}@0`]);
  expect(moveTask(BOARD, 'no-such-card', 'review', 0)).toEqual(BOARD);
});

it('when a card has a due date or none, then it reads in US English or "No date"', () => {
  expect(dueDateText('2026-12-07')).toBe('Dec 7, 2026');
  expect(dueDateText(null)).toBe('No date');
  expect(dateInDays(new Date(2026, 11, 28, 23, 30), 7)).toBe('2027-01-04');
});
