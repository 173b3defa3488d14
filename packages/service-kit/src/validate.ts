/** Request validation: one zod schema per input; failures become a 400 naming the field. */
import { EXACT_VALIDATION_MESSAGES } from '@teamapp/contracts';
import type { z } from 'zod';
import { badRequest } from './errors';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const message =
    EXACT_VALIDATION_MESSAGES.has(issue.message) || !field || issue.message.includes(field)
      ? issue.message
      : `${field}: ${issue.message}`;
  throw badRequest(message, field || undefined);
}
