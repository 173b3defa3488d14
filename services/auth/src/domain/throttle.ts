/**
 * Throttling of one account's attempts: after a few failures for one email address from one
 * client address, each further attempt from that client address must wait, the wait doubling from
 * one second up to a cap. Every client address has its own count, so someone guessing from one
 * address cannot keep the account's owner out when they sign in from another; across all client
 * addresses the account has a much higher ceiling, which stops guessing spread over many
 * addresses. Never a permanent lock: once the wait is over a right password signs in, and success
 * forgets the failures; a completed password reset forgets them at every address. The counts live
 * in Redis, so every copy of the service shares them. They are keyed by the email as typed
 * (hashed), whether or not an account has it, so the answers say nothing about which accounts
 * exist.
 *
 * An attempt counts as a failure before the password is checked (success then clears it), so a
 * burst of parallel guesses cannot slip past the count while the first ones are checked; a
 * confirmed failure starts its wait again from when it was answered. An attempt refused because
 * it must wait is not counted.
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

/** The limits of one throttle: per (account, client address), and per account across them. */
export interface ThrottlePolicies {
  perAddress: ThrottlePolicy;
  perAccount: ThrottlePolicy;
}

/**
 * Sign-in: from one client address 5 free failures, then 1 s, 2 s, 4 s, ... up to 15 minutes,
 * forgotten after 12 hours; for the account across every address 100 failures within an hour,
 * then the same growing waits for everyone.
 */
export const LOGIN_THROTTLE: ThrottlePolicies = {
  perAddress: {
    freeAttempts: 5,
    baseDelayMs: 1000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 12 * 3600_000,
  },
  perAccount: {
    freeAttempts: 100,
    baseDelayMs: 1000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 3600_000,
  },
};

/**
 * Reset requests for one email: 10 an hour from one client address without a wait (only 5 of
 * them send mail, and 20 across every address), 50 an hour across every address, then the same
 * growing waits.
 */
export const RESET_REQUEST_THROTTLE: ThrottlePolicies = {
  perAddress: {
    freeAttempts: 10,
    baseDelayMs: 1000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 3600_000,
  },
  perAccount: {
    freeAttempts: 50,
    baseDelayMs: 1000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 3600_000,
  },
};

/** 429 with how long to wait; the router sends it as Retry-After. */
export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', TOO_MANY_ATTEMPTS, 429);
  }
}

/**
 * What every script shares. KEYS[1]: the account's count, KEYS[2]: the count of this account from
 * this client address, KEYS[3]: the set naming every such address count of the account. ARGV[1]:
 * the time in milliseconds, or '' for Redis's own clock (so every copy agrees); then per count
 * (account first) freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs.
 */
const COMMON = `
local now
if ARGV[1] ~= '' then
  now = tonumber(ARGV[1])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function policy(i)
  local b = 1 + (i - 1) * 4
  return tonumber(ARGV[b + 1]), tonumber(ARGV[b + 2]), tonumber(ARGV[b + 3]), tonumber(ARGV[b + 4])
end
-- The failures a count still remembers, and until when it must wait.
local function read(i)
  local fields = redis.call('HMGET', KEYS[i], 'failures', 'last', 'until')
  local failures = tonumber(fields[1] or '0')
  local untilMs = tonumber(fields[3] or '0')
  local _, _, _, forget = policy(i)
  if failures > 0 and now > math.max(tonumber(fields[2] or '0'), untilMs) + forget then
    redis.call('DEL', KEYS[i])
    return 0, 0
  end
  return failures, untilMs
end
local function waitFor(i, failures)
  local free, base, max = policy(i)
  if failures < free then return 0 end
  return math.min(base * 2 ^ math.min(failures - free, 30), max)
end
local function store(i, failures, wait)
  local _, _, max, forget = policy(i)
  redis.call('HSET', KEYS[i], 'failures', failures, 'last', now)
  if wait > 0 then redis.call('HSET', KEYS[i], 'until', now + wait) end
  redis.call('PEXPIRE', KEYS[i], forget + max)
end
`;

/**
 * Returns the milliseconds still to wait (the attempt is refused and not counted), or 0 (the
 * attempt is counted as a failure, at this address and for the account, until success clears it).
 */
const ATTEMPT_SCRIPT = `${COMMON}
local counts = {}
local wait = 0
for i = 1, 2 do
  local failures, untilMs = read(i)
  counts[i] = failures
  if untilMs > now then wait = math.max(wait, untilMs - now) end
end
if wait > 0 then return wait end
for i = 1, 2 do
  store(i, counts[i] + 1, waitFor(i, counts[i] + 1))
end
redis.call('SADD', KEYS[3], KEYS[2])
local _, _, max, forget = policy(2)
redis.call('PEXPIRE', KEYS[3], forget + max)
return 0
`;

/** The attempt failed: each count's wait (if it earned one) runs again from now. */
const FAILED_SCRIPT = `${COMMON}
for i = 1, 2 do
  local failures = read(i)
  local wait = waitFor(i, failures)
  if wait > 0 then store(i, failures, wait) end
end
return 0
`;

/** The attempt succeeded: this address's failures and the account's are forgotten. */
const SUCCEEDED_SCRIPT = `
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[3], KEYS[2])
return 0
`;

/** Every failure of the account is forgotten, at every address. */
const CLEAR_SCRIPT = `
for _, key in ipairs(redis.call('SMEMBERS', KEYS[3])) do redis.call('DEL', key) end
redis.call('DEL', KEYS[1], KEYS[3])
return 0
`;

export interface AccountThrottle {
  /**
   * Counts an attempt for this email from this client address, or throws ThrottledError while
   * either must wait.
   */
  attempt: (email: string, address: string) => Promise<void>;
  /** The attempt failed: its waits (if it earned any) run from now. */
  failed: (email: string, address: string) => Promise<void>;
  /** The attempt succeeded: forget the failures of this address and of the account. */
  succeeded: (email: string, address: string) => Promise<void>;
  /** Forget every failure of this email, from every address (its password was reset). */
  clear: (email: string) => Promise<void>;
}

export function createAccountThrottle(options: {
  redis: Redis;
  /** The platform's Redis prefix and what is throttled, e.g. `login`. */
  prefix: string;
  name: string;
  policy: ThrottlePolicies;
  log: Logger;
  /** The time in milliseconds; Redis's own clock when absent (tests pass one they can move). */
  now?: () => number;
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
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const keys = (email: string, address = '') => {
    const account = `${options.prefix}throttle:${options.name}:${hash(email.trim().toLowerCase())}`;
    return [account, `${account}:at:${hash(address)}`, `${account}:addresses`];
  };
  const limits = [policy.perAccount, policy.perAddress].flatMap((p) => [
    p.freeAttempts,
    p.baseDelayMs,
    p.maxDelayMs,
    p.forgetAfterMs,
  ]);
  const run = async (script: string, email: string, address?: string) =>
    Number(
      (await reach(() =>
        redis.eval(
          script,
          3,
          ...keys(email, address),
          options.now ? String(options.now()) : '',
          ...limits,
        ),
      )) ?? 0,
    );
  return {
    async attempt(email, address) {
      const waitMs = await run(ATTEMPT_SCRIPT, email, address);
      if (waitMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async failed(email, address) {
      await run(FAILED_SCRIPT, email, address);
    },
    async succeeded(email, address) {
      await run(SUCCEEDED_SCRIPT, email, address);
    },
    async clear(email) {
      await run(CLEAR_SCRIPT, email);
    },
  };
}
