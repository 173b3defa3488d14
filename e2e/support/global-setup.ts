/** Starts the platform exactly as `npm start` does, on fresh data, before any e2e test runs. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../scripts/lib/platform';
import { ADMIN, E2E_PORT, SMTP_PORT } from './config';

export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-e2e-'));
  const platform = await startPlatform({
    port: E2E_PORT,
    dataDir,
    echoErrors: false,
    // Many tests sign in from 127.0.0.1 within a minute; the 429 test uses its own address.
    loginRatePerMinute: 60,
    loginBurst: 30,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Quick retries: the receiver only listens while the mail test runs.
      JOB_BACKOFF_MS: '200',
      JOB_BACKOFF_MAX_MS: '1000',
    },
  });
  process.stdout.write(`\nplatform up at ${platform.url} (logs in ${platform.logDir})\n`);
  (globalThis as { __platform?: typeof platform }).__platform = platform;
}
