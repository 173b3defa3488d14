/**
 * The reference §8 error catalogue: how a failed call is carried (ApiError) and which text a person
 * sees for it.
 *
 * Every frontend bundles its own copy of this module, and a remote's fetchers run on the shell's
 * request function, so an error thrown by one copy is checked by another. `instanceof` against a
 * class only knows its own copy; here an API error is recognised by its shape and brand instead
 * (`isApiError`), and `instanceof ApiError` is made to do the same check.
 */
export const REQUEST_FAILED = 'Request failed';
export const NETWORK_ERROR = 'Network error - please check your connection';
export const UPLOAD_FAILED = 'Upload failed';
export const LOGIN_FAILED = 'Login failed';

export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please log in again.',
  403: 'Access denied. You do not have permission for this action.',
  404: 'Resource not found.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
};
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const UNEXPECTED_NON_API_ERROR = 'An unexpected error occurred. Please try again.';

/** What makes an API error, whichever bundle created it: plain data. */
export interface ApiErrorData {
  readonly isApiError: true;
  readonly name: 'ApiError';
  readonly status: number;
  readonly message: string;
  /** True when the text came from the server's body rather than a fallback. */
  readonly fromServer: boolean;
  /** The server's line of advice for the field at fault, when it sent one. */
  readonly hint?: string;
  /** The input field the server named as at fault, when it named one. */
  readonly field?: string;
  /** The server's machine-readable error code, when it sent one. */
  readonly code?: string;
}

/** True for an API error from any copy of this module (checked by shape, never by class). */
export function isApiError(value: unknown): value is ApiErrorData {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    v.isApiError === true &&
    typeof v.status === 'number' &&
    typeof v.message === 'string' &&
    typeof v.fromServer === 'boolean'
  );
}

/** A failed call: the HTTP status and the server's error text. */
export class ApiError extends Error implements ApiErrorData {
  readonly isApiError = true as const;
  override readonly name = 'ApiError' as const;
  readonly status: number;
  readonly fromServer: boolean;
  readonly hint?: string;
  readonly field?: string;
  readonly code?: string;

  constructor(
    status: number,
    message: string,
    fromServer: boolean,
    hint?: string,
    details: { field?: string; code?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.fromServer = fromServer;
    if (hint) this.hint = hint;
    if (details.field) this.field = details.field;
    if (details.code) this.code = details.code;
  }

  /** `x instanceof ApiError` holds for errors made by any bundle's copy of this class. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isApiError(value);
  }
}

/** The server's own text when it sent one (reference §8 "server messages are preferred"), else null. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.fromServer && error.message ? error.message : null;
}

/** The server's advice for the field at fault (e.g. why a password was refused), else null. */
export function errorHint(error: unknown): string | null {
  return isApiError(error) && typeof error.hint === 'string' && error.hint ? error.hint : null;
}

/** The input field a refusal names (the `field` of the API's error body), else null. */
export function errorField(error: unknown): string | null {
  return isApiError(error) && typeof error.field === 'string' && error.field ? error.field : null;
}

/** The server's message when present, else the screen's own failure text (e.g. reference §8 lists). */
export function errorText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The text to show a person for any error: the server's message when present, else by status. */
export function userMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.fromServer && error.message) return error.message;
    return STATUS_MESSAGES[error.status] ?? (error.message || UNEXPECTED_ERROR);
  }
  return UNEXPECTED_NON_API_ERROR;
}
