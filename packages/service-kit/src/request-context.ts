/**
 * The request a piece of work belongs to. A write request opens the context (requestLogging) and
 * a queue job reopens it from the request id its data carries (startWorker), so every log line
 * written on the way, from the gateway's request to the mail it caused, names the same request.
 *
 * The context is switched on only while some work is inside it. On Node 20 a switched-on
 * AsyncLocalStorage makes every promise in the process, in any request, pay for carrying it (a
 * fifth of a cached read's cost, measured); reads queue nothing, so they run outside it and name
 * their request through their own logger (ctx.state.log), and once the last write or job in
 * flight ends the storage is switched off again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();
/** Work running inside a context now; at 0 the storage is off. */
let inside = 0;

/** Runs work inside the request's context. */
export async function withRequestId<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  inside += 1;
  try {
    return await storage.run({ requestId }, work);
  } finally {
    inside -= 1;
    // run() switches the storage back on for the next one.
    if (inside === 0) storage.disable();
  }
}

/** The id of the request the current work belongs to, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** The key under which a job's data carries the id of the request that queued it. */
export const JOB_REQUEST_ID = 'requestId';

/** A request id from outside (a header, a job): short, and only characters safe in a log line. */
export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(value);

/** A job's payload as its contract has it: its data without the request id it travels with. */
export function payloadOf<T = unknown>(data: unknown): T {
  if (!data || typeof data !== 'object') return data as T;
  const { [JOB_REQUEST_ID]: _requestId, ...payload } = data as Record<string, unknown>;
  return payload as T;
}
