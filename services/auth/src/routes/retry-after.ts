/** A ThrottledError leaves with a Retry-After header saying how many seconds to wait. */
import { ThrottledError } from '../domain/throttle';

export async function withRetryAfter<T>(
  ctx: { set: (field: string, value: string) => void },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ThrottledError) ctx.set('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}
