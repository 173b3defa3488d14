/**
 * How a game's result reads on the schedule: "W 3–1" (our score first), the outcome in words for
 * screen readers, and who scored and assisted by name ("Unknown Player" for a name not known).
 */
import type { GameOutcome, GameResult } from '@teamapp/contracts';

const OUTCOME_LETTERS: Record<GameOutcome, string> = { win: 'W', draw: 'D', loss: 'L' };
const OUTCOME_WORDS: Record<GameOutcome, string> = { win: 'Won', draw: 'Drew', loss: 'Lost' };
export const OUTCOME_COLORS: Record<GameOutcome, string> = {
  win: 'green.9',
  draw: 'gray.8',
  loss: 'red.9',
};

/** "W 3–1" (an en dash between the scores). */
export const resultLabel = (result: Pick<GameResult, 'ours' | 'theirs' | 'outcome'>) =>
  `${OUTCOME_LETTERS[result.outcome]} ${result.ours}–${result.theirs}`;

/** "Won 3–1", for the label a screen reader announces. */
export const resultWords = (result: Pick<GameResult, 'ours' | 'theirs' | 'outcome'>) =>
  `${OUTCOME_WORDS[result.outcome]} ${result.ours}–${result.theirs}`;

const nameOf = (names: ReadonlyMap<string, string> | undefined, userId: string) =>
  names?.get(userId) ?? 'Unknown Player';

/** "Sam Striker 2, Kai Keeper" per figure, biggest first; null when nobody has any. */
export function scorerLines(
  result: Pick<GameResult, 'scorers'>,
  names: ReadonlyMap<string, string> | undefined,
): { goals: string | null; assists: string | null } {
  const line = (figure: 'goals' | 'assists') => {
    const list = result.scorers
      .filter((s) => s[figure] > 0)
      .sort((a, b) => b[figure] - a[figure])
      .map((s) => {
        const name = nameOf(names, s.userId);
        return s[figure] > 1 ? `${name} ${s[figure]}` : name;
      });
    return list.length > 0 ? list.join(', ') : null;
  };
  return { goals: line('goals'), assists: line('assists') };
}
