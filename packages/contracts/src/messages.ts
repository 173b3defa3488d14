import { INVALID_LOGO_TYPE, LOGO_TOO_LARGE } from './settings';
import { RESET_TOKEN_INVALID, RESET_TOKEN_MISSING, WEAK_PASSWORD } from './password';

/** Messages that the SPEC fixes; validation shows these exactly, without a field prefix. */
export const EXACT_VALIDATION_MESSAGES: ReadonlySet<string> = new Set([
  INVALID_LOGO_TYPE,
  LOGO_TOO_LARGE,
  WEAK_PASSWORD,
  RESET_TOKEN_INVALID,
  RESET_TOKEN_MISSING,
]);
