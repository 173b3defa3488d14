/** Configuration: zod over an environment, parsed once at start, failing fast with every bad key. */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keys every service reads. A service extends this with its own. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535),
  /** Where Prometheus scrapes GET /metrics; by default the service port + 1000. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Append the JSON log lines to this file instead of stdout. */
  LOG_FILE: z.string().optional(),
  /** PostgreSQL URL; when unset the service runs on PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Where embedded data (PGlite, generated keys) lives. */
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key this platform writes (lets tests share one Redis). */
  REDIS_PREFIX: z.string().default('teamapp:'),
  /** PEM text of the RS256 public key; generated into DATA_DIR in development when unset. */
  JWT_PUBLIC_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Retries of a queued job before it is kept as failed, and the backoff between them. */
  JOB_ATTEMPTS: z.coerce.number().int().min(1).default(30),
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).default(1000),
  JOB_BACKOFF_MAX_MS: z.coerce.number().int().min(1).default(60_000),
  /** How often the outbox relay looks for jobs that could not reach Redis yet. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
};

/** The zone of the machine the service runs on: the club's zone unless CLUB_TIME_ZONE says. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether the runtime knows the zone (as luxon's IANAZone.isValidZone decides it). */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
};

/**
 * CLUB_TIME_ZONE, for the services that read wall-clock times in the club's zone: an IANA zone
 * such as America/Chicago, by default the machine's own.
 */
export const clubTimeZoneSchema = z.string().default(serverTimeZone).refine(isTimeZone, {
  error: 'must be an IANA time zone such as America/New_York',
});

/**
 * The club's calendar date (YYYY-MM-DD) in `zone` at `now`: a day (an age, a due date) turns at
 * midnight in the club's time zone, not the server's.
 */
export function clubToday(zone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const retryPolicyFrom = (config: BaseConfig) => ({
  attempts: config.JOB_ATTEMPTS,
  baseDelayMs: config.JOB_BACKOFF_MS,
  maxDelayMs: config.JOB_BACKOFF_MAX_MS,
});

export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined>,
): z.infer<z.ZodObject<S>> {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

export type BaseConfig = z.infer<z.ZodObject<typeof baseConfigShape>>;
