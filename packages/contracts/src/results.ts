/**
 * Game results and season stats: an admin records a game's score and who scored and
 * assisted once it has started; player cards and the showcase read the season's figures from
 * them. Games played count recorded presence (present or late), else the Going answers, and
 * always a game the member scored or assisted in.
 */
import { z } from 'zod';
import { dataAnswerSchema, numberFields } from './common';

export const RESULT_SAVED = 'Result saved successfully';
export const RESULT_GAMES_ONLY = 'Results can be recorded for games only';
export const RESULT_NOT_STARTED = 'A result can be recorded once the game has started';
export const RESULT_UNKNOWN_SCORER = 'scorers must be members of the club';
export const RESULT_SCORER_TWICE = 'scorers must name each player once';
export const RESULT_TOO_MANY_GOALS = "scorers' goals must not add up to more than ours";

const MAX_SCORE = 99;

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number from 0 to ${max}` })
    .int({ error: `${field} must be a whole number from 0 to ${max}` })
    .min(0, { error: `${field} must be a whole number from 0 to ${max}` })
    .max(max, { error: `${field} must be a whole number from 0 to ${max}` });

export const scorerSchema = z.object({
  userId: z.uuid({ error: 'scorers[].userId must be a valid identifier' }),
  goals: count('goals', MAX_SCORE).default(0),
  assists: count('assists', MAX_SCORE).default(0),
});
export type Scorer = z.output<typeof scorerSchema>;

/**
 * PUT /events/{id}/result. Our players' goals cannot add up to more than our score (an own goal
 * by the other side counts for us without a scorer, so fewer is fine).
 */
export const gameResultInputSchema = z
  .object(
    {
      ours: count('ours', MAX_SCORE),
      theirs: count('theirs', MAX_SCORE),
      scorers: z
        .array(scorerSchema, { error: 'scorers must be a list' })
        .max(100, { error: 'scorers must be at most 100 players' })
        .default([])
        .refine((list) => new Set(list.map((s) => s.userId)).size === list.length, {
          error: RESULT_SCORER_TWICE,
        }),
    },
    { error: 'the result must be an object with ours, theirs and scorers' },
  )
  .refine((r) => r.scorers.reduce((sum, s) => sum + s.goals, 0) <= r.ours, {
    error: RESULT_TOO_MANY_GOALS,
    path: ['scorers'],
  });
export type GameResultInput = z.input<typeof gameResultInputSchema>;

export const GAME_OUTCOMES = ['win', 'draw', 'loss'] as const;
export type GameOutcome = (typeof GAME_OUTCOMES)[number];

export const outcomeOf = (result: { ours: number; theirs: number }): GameOutcome =>
  result.ours > result.theirs ? 'win' : result.ours < result.theirs ? 'loss' : 'draw';

/** A game's result as GET /events lists it on games (null until recorded). */
export const gameResultSchema = z.object({
  ours: z.number(),
  theirs: z.number(),
  outcome: z.enum(GAME_OUTCOMES),
  scorers: z.array(z.object({ userId: z.string(), goals: z.number(), assists: z.number() })),
  recordedAt: z.string(),
});
export type GameResult = z.infer<typeof gameResultSchema>;

export const memberStatsSchema = z.object({
  userId: z.string(),
  ...numberFields('games', 'goals', 'assists'),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const teamRecordSchema = z.object(
  numberFields('played', 'wins', 'draws', 'losses', 'goalsFor', 'goalsAgainst'),
);
export type TeamRecord = z.infer<typeof teamRecordSchema>;

/**
 * GET /events/stats: the team's record, and every active member's season figures for an admin
 * (a player gets their own line only: reference §6 keeps Season Stats for admins).
 */
export const seasonStatsResponseSchema = dataAnswerSchema(
  z.object({ members: z.array(memberStatsSchema), team: teamRecordSchema }),
);
export type SeasonStatsResponse = z.infer<typeof seasonStatsResponseSchema>;
