/**
 * The SPEC §8 error catalogue: how a failed call is carried (ApiError) and which text a person
 * sees for it.
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

/** A failed call: the HTTP status and the server's error text. */
export class ApiError extends Error {
  readonly status: number;
  /** True when the text came from the server's body rather than a fallback. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

/** The text to show a person for any error: the server's message when present, else by status. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fromServer && error.message) return error.message;
    return STATUS_MESSAGES[error.status] ?? (error.message || UNEXPECTED_ERROR);
  }
  return UNEXPECTED_NON_API_ERROR;
}
