/**
 * Error text for the password-reset calls: the server's own message for a client error (reference §7
 * "non-ok shows the error field"), else the reference §8 fallback for that step.
 */
import { ApiError } from '@teamapp/api-client';

export function resetErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}
