/**
 * Whether this page load is a signed-out visit to /login, the page a club member opens first on
 * a phone: it then starts with the light login page (React alone), not the whole app.
 */
import { STORAGE_KEYS } from '@teamapp/contracts';

export const LIGHT_LOGIN_PATH = '/login';

export function isSignedOutLoginVisit(): boolean {
  if (window.location.pathname !== LIGHT_LOGIN_PATH) return false;
  try {
    return !localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return true;
  }
}
