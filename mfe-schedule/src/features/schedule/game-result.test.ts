/** How a result reads on a card: the letter and score, the words, and the scorers by name. */
import { resultLabel, resultWords, scorerLines } from './game-result';

it('when our score is higher, lower or equal, then W, L or D comes first with our score first', () => {
  expect(resultLabel({ ours: 3, theirs: 1, outcome: 'win' })).toBe('W 3–1');
  expect(resultLabel({ ours: 0, theirs: 2, outcome: 'loss' })).toBe('L 0–2');
  expect(resultLabel({ ours: 2, theirs: 2, outcome: 'draw' })).toBe('D 2–2');
  expect(resultWords({ ours: 3, theirs: 1, outcome: 'win' })).toBe('Won 3–1');
});

it('when players scored and assisted, then each line lists them by name, most first, counts over one', () => {
  const names = new Map([
    ['a', 'Sam Striker'],
    ['b', 'Kai Keeper'],
  ]);
  const lines = scorerLines(
    {
      scorers: [
        { userId: 'b', goals: 1, assists: 2 },
        { userId: 'a', goals: 2, assists: 0 },
        { userId: 'gone', goals: 0, assists: 1 },
      ],
    },
    names,
  );

  expect(lines).toEqual({
    goals: 'Sam Striker 2, Kai Keeper',
    assists: 'Kai Keeper 2, Unknown Player',
  });
  expect(scorerLines({ scorers: [] }, names)).toEqual({ goals: null, assists: null });
});
