/**
 * Errors: AppError is what code throws; errorMiddleware is the one place that turns any error
 * into a reference §7 body, maps driver errors, and hides unknown ones behind a generic 500.
 */
import type { Context, Next } from 'koa';

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
    /** A line of advice the form shows under the field, e.g. why a password was refused. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('bad_request', message, 400, field);
export const unauthorized = (message = 'Authentication required. Please log in again.') =>
  new AppError('unauthorized', message, 401);
export const forbidden = (message = 'Access denied. You do not have permission for this action.') =>
  new AppError('forbidden', message, 403);
export const notFound = (message = 'Resource not found.') =>
  new AppError('not_found', message, 404);
/** The gateway's own 405 answer has these words and code too. */
export const methodNotAllowed = () => new AppError('method_not_allowed', 'Method not allowed', 405);
export const conflict = (message: string) => new AppError('conflict', message, 409);

export const SERVER_ERROR = 'Server error. Please try again later.';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  code?: string;
  message?: string;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = (err ?? {}) as HttpLikeError;
  // Postgres unique violation (pg and PGlite both carry the SQLSTATE in `code`; the query
  // builder wraps their error, keeping it as `cause`).
  const cause = (err as { cause?: HttpLikeError } | undefined)?.cause;
  if (e.code === '23505' || cause?.code === '23505') return conflict('That record already exists');
  const status = e.status ?? e.statusCode;
  if (status === 413 || e.type === 'entity.too.large') {
    return new AppError('payload_too_large', 'Request body is too large', 413);
  }
  // co-body marks a JSON syntax error with status 400 (and sometimes type entity.parse.failed).
  if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) {
    return badRequest('Malformed JSON in request body');
  }
  if (status === 415)
    return new AppError('unsupported_media_type', 'Unsupported content type', 415);
  if (status && status >= 400 && status < 500 && e.expose && e.message) {
    return new AppError('bad_request', e.message, status);
  }
  return undefined;
}

/** The first middleware of every service. Body: { success: false, error, code, requestId }. */
export function errorMiddleware(options: { alsoMessage?: boolean } = {}) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound();
      // The routers' allowedMethods() answers a known path asked with a method it lacks (405) or
      // a method no router knows (501) without a body, which Koa would send as plain text.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        throw methodNotAllowed();
      }
    } catch (err) {
      const known = toAppError(err);
      const requestId = ctx.state.requestId as string | undefined;
      if (known) {
        ctx.state.log?.info({ code: known.code, status: known.status }, 'request refused');
      } else {
        ctx.state.log?.error({ err }, 'unhandled error');
      }
      const appErr = known ?? new AppError('internal_error', SERVER_ERROR, 500);
      ctx.status = appErr.status;
      ctx.body = {
        success: false,
        error: appErr.message,
        ...(options.alsoMessage ? { message: appErr.message } : {}),
        code: appErr.code,
        ...(appErr.field ? { field: appErr.field } : {}),
        ...(appErr.hint ? { hint: appErr.hint } : {}),
        requestId,
      };
    }
  };
}
