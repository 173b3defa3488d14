/**
 * Benchmark: the whole platform as `npm start` runs it (PGlite per service,
 * Redis with its append-only file, nginx), mail going to a real SMTP receiver, and a steady write
 * load through the gateway: invitations (auth, each with a mail), events (each notifying
 * everyone), chat messages and news posts (each notifying the other members). Each of auth,
 * events, chat, content and mailer in turn is killed with kill -9 under that load and started
 * again; then Redis is stopped and started, and killed and started, with the mail and
 * notification queues holding jobs (tests/resilience/support/faults.ts).
 *
 * Printed, one row per fault: requests sent, failed, acknowledged, and acknowledged writes found
 * afterwards through the API; mails and notifications arrived of those due; for Redis, the queued
 * jobs still there after the restart of those there before; how long the part was away; and the
 * failed requests by service and status (only the crashed service's, as JSON 503 errors).
 * Exits 1 when anything acknowledged is missing or another service's requests failed.
 *
 * Run: npm run bench:faults   (BENCH_LEAD_MS, BENCH_DOWN_MS, BENCH_TAIL_MS, BENCH_PACE_MS)
 */
import { writeFileSync } from 'node:fs';
import { startSmtpReceiver } from '@teamapp/mailer/test/smtp-receiver';
import { startTestPlatform } from '@teamapp/tests/harness';
import {
  CRASHABLE,
  FaultLoad,
  faultTable,
  type Fault,
  type PhaseReport,
} from '@teamapp/tests/faults';
import { runMain } from './run-main';

const REDIS_PREFIX = 'teamapp:';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main() {
  const receiver = await startSmtpReceiver();
  process.stderr.write('starting the platform (PGlite, Redis, nginx)...\n');
  const t = await startTestPlatform({
    preferredPort: 23_000,
    env: { SMTP_URL: receiver.url, REDIS_PREFIX },
  });
  const reports: PhaseReport[] = [];
  try {
    const load = await FaultLoad.prepare(t, {
      mails: () => receiver.mails,
      redisPrefix: REDIS_PREFIX,
      leadMs: num('BENCH_LEAD_MS', 3000),
      downMs: num('BENCH_DOWN_MS', 3000),
      tailMs: num('BENCH_TAIL_MS', 3000),
      paceMs: num('BENCH_PACE_MS', 400),
    });
    const faults: Fault[] = [
      ...CRASHABLE.map((part): Fault => ({ kind: 'kill', part })),
      { kind: 'redis', signal: 'SIGTERM' },
      { kind: 'redis', signal: 'SIGKILL' },
    ];
    for (const fault of faults) {
      const report = await load.run(fault);
      reports.push(report);
      process.stderr.write(
        `${report.fault}: sent ${report.sent}, failed ${report.failed}, acknowledged ${report.acknowledged}, found ${report.found}\n`,
      );
    }
  } finally {
    await t.stop();
    await receiver.close();
  }
  process.stdout.write(`\n${faultTable(reports)}\n`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(reports));
  const bad = reports.filter(
    (r) =>
      r.unexpected.length > 0 ||
      r.missing.length > 0 ||
      r.mails.found < r.mails.expected ||
      r.notifications.found < r.notifications.expected ||
      (r.queued !== undefined && r.queued.after < r.queued.before),
  );
  for (const r of bad) {
    process.stdout.write(
      `\n${r.fault}: ${r.missing.length} acknowledged writes missing (${r.missing.slice(0, 5).join(', ')}), ` +
        `${r.unexpected.length} unexpected failures (${r.unexpected
          .slice(0, 5)
          .map((s) => `${s.writer} ${s.status}`)
          .join(', ')})\n`,
    );
  }
  if (bad.length > 0) process.exitCode = 1;
}

runMain(main);
