/**
 * `npm start`: brings the whole platform up at http://localhost:8080 (PORT) with embedded
 * defaults: PGlite data in .data/, a Redis and nginx of its own, the frontends built if stale.
 * Ctrl-C stops every process it started.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/gateway';
import { startPlatform, tailLog } from './lib/platform';

const DEV_ADMIN = { email: 'admin@teamapp.local', password: 'TeamApp!2026' };

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildFrontendsIfStale() {
  const sources = [
    'shell',
    'mfe-admin',
    'packages/ui',
    'packages/api-client',
    'packages/contracts',
    'packages/webpack-config',
  ];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  const outputs = ['shell/dist/index.html', 'mfe-admin/dist/remoteEntry.js'].map((f) =>
    path.join(ROOT, f),
  );
  const oldestOutput = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldestOutput > newestSource) return;
  process.stdout.write('Building the frontends...\n');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 8080);
  buildFrontendsIfStale();
  process.stdout.write('Starting TeamApp...\n');
  const platform = await startPlatform({
    port,
    dataDir: env.DATA_DIR ?? path.join(ROOT, '.data'),
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
    for (const name of ['auth', 'content', 'mailer', 'gateway', 'redis']) {
      const tail = tailLog(path.join(env.DATA_DIR ?? path.join(ROOT, '.data'), 'logs'), name, 8);
      if (tail) process.stderr.write(`--- ${name} log ---\n${tail}\n`);
    }
    process.exit(1);
  });

  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? `${env.ADMIN_EMAIL} (the password from ADMIN_PASSWORD)`
      : `${DEV_ADMIN.email} / ${DEV_ADMIN.password}`;
  process.stdout.write(
    [
      '',
      `TeamApp is running at ${platform.url}`,
      `Admin login: ${admin}`,
      env.SMTP_URL ? '' : `Mail it sends (development): ${platform.url}/dev/mail`,
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
