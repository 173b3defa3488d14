/**
 * `npm start`: brings the whole platform up at http://localhost:8080 (PORT) with embedded
 * defaults: PGlite data in .data/, a Redis and nginx of its own, the frontends built if stale.
 * Ctrl-C stops every process it started.
 */
import path from 'node:path';
import { buildFrontendsIfStale } from '../src/build-frontends';
import { buildStaleServices } from '../src/build-services';
import { startPlatform, tailLog } from '../src/platform';
import { builtServices, loadRegistry, MAX_REPLICAS, ROOT, type Registry } from '../src/registry';

const DEV_ADMIN = { email: 'admin@teamapp.local', password: 'TeamApp!2026' };

/**
 * REPLICAS=N runs N copies of every service behind the gateway (it needs DATABASE_URL). The
 * mailer stays one while it is the development mail catcher (no SMTP_URL): that listens on a port.
 */
function replicasFromEnv(registry: Registry, env: NodeJS.ProcessEnv): Record<string, number> {
  const copies = Number(env.REPLICAS ?? 1);
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_REPLICAS) {
    throw new Error(`REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}`);
  }
  if (copies > 1 && !env.DATABASE_URL) {
    throw new Error(
      'REPLICAS needs DATABASE_URL: copies share one PostgreSQL database (on PGlite each would keep its own data)',
    );
  }
  return Object.fromEntries(
    builtServices(registry).map((s) => [s.name, s.name === 'mailer' && !env.SMTP_URL ? 1 : copies]),
  );
}

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 8080);
  const registry = loadRegistry();
  let replicas: Record<string, number>;
  try {
    replicas = replicasFromEnv(registry, env);
  } catch (err) {
    process.stderr.write(`TeamApp could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  buildFrontendsIfStale(registry);
  // Services run as compiled JavaScript: no TypeScript compiler in the running processes.
  const compiled = await buildStaleServices(registry);
  if (compiled.length) process.stdout.write(`Compiled the services: ${compiled.join(', ')}\n`);
  process.stdout.write('Starting TeamApp...\n');
  const platform = await startPlatform({
    port,
    dataDir: env.DATA_DIR ?? path.join(ROOT, '.data'),
    registry,
    replicas,
    compiled: true,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    echoErrors: true,
    env: {
      NODE_ENV: env.NODE_ENV ?? 'development',
      ADMIN_EMAIL: env.ADMIN_EMAIL,
      ADMIN_PASSWORD: env.ADMIN_PASSWORD,
      PUBLIC_URL: env.PUBLIC_URL,
      SMTP_URL: env.SMTP_URL,
      JWT_PRIVATE_KEY: env.JWT_PRIVATE_KEY,
      JWT_PUBLIC_KEY: env.JWT_PUBLIC_KEY,
      LOG_LEVEL: env.LOG_LEVEL,
    },
  }).catch((err: unknown) => {
    process.stderr.write(
      `\nTeamApp could not start: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    for (const name of [...builtServices(registry).map((s) => s.name), 'gateway', 'redis']) {
      const tail = tailLog(path.join(env.DATA_DIR ?? path.join(ROOT, '.data'), 'logs'), name, 8);
      if (tail) process.stderr.write(`--- ${name} log ---\n${tail}\n`);
    }
    process.exit(1);
  });

  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? `${env.ADMIN_EMAIL} (the password from ADMIN_PASSWORD)`
      : `${DEV_ADMIN.email} / ${DEV_ADMIN.password} (the first sign-in chooses a new password)`;
  process.stdout.write(
    [
      '',
      `TeamApp is running at ${platform.url}`,
      `Admin login: ${admin}`,
      env.SMTP_URL || env.NODE_ENV === 'production'
        ? ''
        : `Mail it sends (development, from this machine only): ${platform.url}/dev/mail`,
      `Logs: ${platform.logDir}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping TeamApp...\n');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

void main();
