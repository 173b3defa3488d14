/** The text a failed sign-in shows (reference §8), shared by the full and the light login page. */
import { ApiError, LOGIN_FAILED, NETWORK_ERROR, userMessage } from '@teamapp/api-client';

export const NETWORK_LOGIN_ERROR = 'Network error. Please check your connection and try again.';
export const SIGNING_IN = 'Signing in...';

export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (!error.fromServer && error.message === NETWORK_ERROR) return NETWORK_LOGIN_ERROR;
    return userMessage(error) || LOGIN_FAILED;
  }
  return LOGIN_FAILED;
}
