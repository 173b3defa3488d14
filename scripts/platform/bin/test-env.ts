/**
 * Prepares this machine for `npm test` and prints shell assignments for the test run:
 * installs the Debian programs the tests need when missing (redis-server, nginx, chromium,
 * docker-compose), finds or starts a Redis, and finds a local PostgreSQL if one answers.
 * Standard output carries the assignments and nothing else (test.sh evals it); every message
 * goes to standard error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { exportLines } from '../src/shell-quote';
import { BROTLI_STATIC_MODULE } from '../src/gateway';
import { ensureCommand, ensureOptionalFile, redisPing } from '../src/system';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const redisServer = ensureCommand('redis-server', 'redis-server');
  ensureCommand('nginx', 'nginx');
  ensureOptionalFile(BROTLI_STATIC_MODULE, 'libnginx-mod-http-brotli-static');
  const chromium = ensureCommand('chromium', 'chromium');
  ensureCommand('docker-compose', 'docker-compose');

  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    if (await redisPing(6379)) {
      redisUrl = 'redis://127.0.0.1:6379';
    } else {
      const port = 16379;
      if (!(await redisPing(port))) {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-redis-'));
        log(`Starting a Redis for the tests on port ${port}`);
        const result = spawnSync(redisServer, [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--daemonize',
          'yes',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
        ]);
        if (result.status !== 0) throw new Error('could not start redis-server');
        for (let i = 0; i < 50 && !(await redisPing(port)); i++)
          await new Promise((r) => setTimeout(r, 100));
      }
      redisUrl = `redis://127.0.0.1:${port}`;
    }
  }

  const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgUp = await postgresAnswers(pgUrl);
  log(
    pgUp
      ? `PostgreSQL answers at ${pgUrl}`
      : 'No PostgreSQL answers: service tests run on PGlite only',
  );

  process.stdout.write(
    exportLines({ REDIS_URL: redisUrl, TEST_PG_URL: pgUp ? pgUrl : '', CHROMIUM_PATH: chromium }),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `test environment failed: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
