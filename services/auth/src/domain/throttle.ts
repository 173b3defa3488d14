/**
 * Throttling per account (the per-address limits live in the gateway): after a few failed
 * attempts for one email address, each further attempt must wait, the wait doubling from one
 * second up to a cap. Never a permanent lock: once the wait is over a right password signs in,
 * and success forgets every failure. The count lives in Redis, so every copy of the service
 * shares it. It is keyed by the address as typed (hashed), whether or not an account has it, so
 * the answers say nothing about which accounts exist.
 *
 * An attempt counts as a failure before the password is checked (success then clears it), so a
 * burst of parallel guesses cannot slip past the count while the first ones are checked; a
 * confirmed failure starts its wait again from when it was answered.
 *
 * While Redis cannot be reached the throttle lets attempts through (and says so in the log): a
 * reset request must still commit its mail to the outbox then, and the gateway's per-address
 * limits still hold.
 */
import { createHash } from 'node:crypto';
import { AppError, type Logger, type Redis } from '@teamapp/service-kit';

export const TOO_MANY_ATTEMPTS = 'Too many requests. Please wait a moment and try again.';

export interface ThrottlePolicy {
  /** Attempts without a wait; the next one waits baseDelayMs, then twice that, and so on. */
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one (plus any wait still running). */
  forgetAfterMs: number;
}

/** Sign-in: 5 free failures, then 1 s, 2 s, 4 s, ... up to 15 minutes; forgotten after 12 hours. */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 12 * 3600_000,
};

/**
 * Reset requests for one address: 10 an hour without a wait (only 5 of them send mail), then
 * the same growing waits.
 */
export const RESET_REQUEST_THROTTLE: ThrottlePolicy = {
  freeAttempts: 10,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 3600_000,
};

/** 429 with how long to wait; the router sends it as Retry-After. */
export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', TOO_MANY_ATTEMPTS, 429);
  }
}

/**
 * KEYS[1]: the address's hash. ARGV: freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs.
 * Returns the milliseconds still to wait (the attempt is refused and not counted), or 0 (the
 * attempt is counted as a failure until success clears it). Redis's clock, so copies agree.
 */
const ATTEMPT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if untilMs > now then return untilMs - now end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[1])
local wait = 0
if failures >= free then
  wait = math.min(tonumber(ARGV[2]) * 2 ^ math.min(failures - free, 30), tonumber(ARGV[3]))
  redis.call('HSET', KEYS[1], 'until', now + wait)
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) + wait)
return 0
`;

/** Same keys and arguments: restarts the wait the counted failures earn from now. */
const FAILED_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local free = tonumber(ARGV[1])
if failures < free then return 0 end
local wait = math.min(tonumber(ARGV[2]) * 2 ^ math.min(failures - free, 30), tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'until', now + wait)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) + wait)
return wait
`;

export interface AccountThrottle {
  /** Counts an attempt for this address, or throws ThrottledError while it must wait. */
  attempt: (email: string) => Promise<void>;
  /** The attempt failed: its wait (if it earned one) runs from now. */
  failed: (email: string) => Promise<void>;
  /** The attempt succeeded: forget every failure of this address. */
  succeeded: (email: string) => Promise<void>;
}

export function createAccountThrottle(options: {
  redis: Redis;
  /** The platform's Redis prefix and what is throttled, e.g. `login`. */
  prefix: string;
  name: string;
  policy: ThrottlePolicy;
  log: Logger;
}): AccountThrottle {
  const { redis, policy } = options;
  /** Runs a throttle command, or gives up (undefined) when Redis is away or slow to answer. */
  const reach = async <T>(command: () => Promise<T>): Promise<T | undefined> => {
    if (redis.status !== 'ready') {
      options.log.warn({ throttle: options.name }, 'Redis unreachable; attempt not throttled');
      return undefined;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        command(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer in time')), 1000);
        }),
      ]);
    } catch (err) {
      options.log.warn({ err, throttle: options.name }, 'Redis unreachable; attempt not throttled');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
  const key = (email: string) =>
    `${options.prefix}throttle:${options.name}:${createHash('sha256')
      .update(email.trim().toLowerCase())
      .digest('hex')}`;
  const run = async (script: string, email: string) =>
    Number(
      (await reach(() =>
        redis.eval(
          script,
          1,
          key(email),
          policy.freeAttempts,
          policy.baseDelayMs,
          policy.maxDelayMs,
          policy.forgetAfterMs,
        ),
      )) ?? 0,
    );
  return {
    async attempt(email) {
      const waitMs = await run(ATTEMPT_SCRIPT, email);
      if (waitMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async failed(email) {
      await run(FAILED_SCRIPT, email);
    },
    async succeeded(email) {
      await reach(() => redis.del(key(email)));
    },
  };
}
