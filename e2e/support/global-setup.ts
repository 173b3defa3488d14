/**
 * Starts the platform exactly as `npm start` does, on fresh data, before any e2e test runs. It
 * takes the first free block of ports from 18080 on (or E2E_PORT when set), so two test runs, or
 * a test run beside `npm start`, never share a gateway.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@teamapp/platform/platform';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { loadRegistry } from '@teamapp/platform/registry';
import { ADMIN, PREFERRED_E2E_PORT, smtpPortFor } from './config';

/**
 * platform.json plus one planned service nothing runs: the gateway routes /api/unreachable to
 * an address where nothing listens, so its 503 can be tested once every real service exists.
 */
export const UNREACHABLE_PREFIX = 'unreachable';
function e2eRegistry() {
  const registry = loadRegistry();
  return {
    ...registry,
    services: [
      ...registry.services,
      { name: 'unreachable', planned: true, portOffset: 19, apiPrefixes: [UNREACHABLE_PREFIX] },
    ],
  };
}

export default async function globalSetup(): Promise<void> {
  const port = process.env.E2E_PORT
    ? Number(process.env.E2E_PORT)
    : await findFreePortBlock(PREFERRED_E2E_PORT);
  // Test files read it through support/config.ts when they load, after this.
  process.env.E2E_PORT = String(port);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-e2e-'));
  const platform = await startPlatform({
    port,
    dataDir,
    echoErrors: false,
    registry: e2eRegistry(),
    // Many tests sign in from 127.0.0.1 within a minute; the 429 test uses its own address.
    loginRatePerMinute: 60,
    loginBurst: 30,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      SMTP_URL: `smtp://127.0.0.1:${smtpPortFor(port)}`,
      // Quick retries: the receiver only listens while the mail test runs.
      JOB_BACKOFF_MS: '200',
      JOB_BACKOFF_MAX_MS: '1000',
    },
  });
  process.stdout.write(`\nplatform up at ${platform.url} (logs in ${platform.logDir})\n`);
  (globalThis as { __platform?: typeof platform }).__platform = platform;
}
