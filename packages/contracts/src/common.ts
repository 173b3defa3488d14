import { z } from 'zod';

/** A failed call's body (reference §7, STYLE "Errors"). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
  field: z.string().optional(),
  /** A line of advice shown under the field (e.g. a password refused as too common). */
  hint: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The answer of a call that reports only its success (reference §7), e.g. a delete. */
export const okAnswerSchema = z.object({ success: z.literal(true) });

/** The answer of a call that reports its success in words (reference §7). */
export const messageAnswerSchema = okAnswerSchema.extend({ message: z.string() });

/** The answer of a call that returns data (reference §7): `{ success: true, data }`. */
export const dataAnswerSchema = <Data extends z.ZodType>(data: Data) =>
  z.object({ success: z.literal(true), data });

/**
 * The answer of a call that returns data with dates: `{ success: true, data, timeZone }`, the
 * club's IANA time zone, in which the dates are shown.
 */
export const zonedDataAnswerSchema = <Data extends z.ZodType>(data: Data) =>
  dataAnswerSchema(data).extend({ timeZone: z.string() });

/**
 * Answer fields that are all text, in this order. Answers are what the server writes, so their
 * fields carry no messages (a request's fields do: requiredText, limitedText).
 */
export const textFields = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, z.string()])) as { [N in Name]: z.ZodString };

/** Answer fields that are all numbers, in this order. */
export const numberFields = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, z.number()])) as { [N in Name]: z.ZodNumber };

export const uuidParamSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
});

/** A required text field: trimmed and not blank, its message naming the field. */
export function requiredText(field: string, max = 200) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** A text field of at most `max` characters, trimmed, its messages naming the field. */
export function limitedText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** For a change's `.refine`: true when the change sends at least one of its fields. */
export const hasAnyField = (v: Record<string, unknown>) =>
  Object.values(v).some((field) => field !== undefined);

export function emailField(field = 'email') {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .toLowerCase()
    .min(1, { error: `${field} is required` })
    .pipe(z.email({ error: `${field} must be a valid email address` }));
}
