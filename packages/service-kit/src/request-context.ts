/**
 * The request a piece of work belongs to. An HTTP request opens the context (requestLogging) and
 * a queue job reopens it from the request id its data carries (startWorker), so every log line
 * written on the way, from the gateway's request to the mail it caused, names the same request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs work inside the request's context. */
export const withRequestId = <T>(requestId: string, work: () => T): T =>
  storage.run({ requestId }, work);

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
