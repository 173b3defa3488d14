/**
 * Faults under load: the platform as `npm start` runs it (each service on its own
 * PGlite, Redis with its append-only file), a steady write load through the gateway, and one part
 * at a time crashed with kill -9 and started again (tests/resilience/support/faults.ts). Meanwhile only the
 * crashed service's paths fail, with the gateway's JSON 503; afterwards every acknowledged write
 * is there, and every mail and notification arrives, also across a restart and a crash of Redis.
 */
import { startSmtpReceiver, type SmtpReceiver } from '../../services/mailer/test/smtp-receiver';
import { FaultLoad, faultTable, type Fault, type PhaseReport } from './support/faults';
import { startTestPlatform, type TestPlatform } from './support/harness';

const REDIS_PREFIX = 'teamapp:';
let receiver: SmtpReceiver;
let t: TestPlatform;
let load: FaultLoad;
const reports: PhaseReport[] = [];

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await startTestPlatform({
    preferredPort: 30_200,
    env: { SMTP_URL: receiver.url, REDIS_PREFIX },
  });
  load = await FaultLoad.prepare(t, {
    mails: () => receiver.mails,
    redisPrefix: REDIS_PREFIX,
    leadMs: 1500,
    downMs: 1500,
    tailMs: 1500,
  });
}, 400_000);
afterAll(async () => {
  if (reports.length > 0) process.stdout.write(`\n${faultTable(reports)}\n`);
  await t?.stop();
  await receiver?.close();
});

const crashes: [string, Fault][] = [
  ['auth', { kind: 'kill', part: 'auth' }],
  ['events', { kind: 'kill', part: 'events' }],
  ['chat', { kind: 'kill', part: 'chat' }],
  ['content', { kind: 'kill', part: 'content' }],
  ['mailer', { kind: 'kill', part: 'mailer' }],
];

it.each(crashes)(
  'when %s is killed under load and restarted, then only its paths fail meanwhile and nothing acknowledged is lost',
  async (part, fault) => {
    const report = await load.run(fault);
    reports.push(report);

    expect(report.unexpected).toEqual([]);
    if (part === 'mailer') expect(report.failed).toBe(0);
    else expect(Object.keys(report.failures)).toEqual([`${part} 503`]);
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.missing).toEqual([]);
    expect(report.found).toBe(report.acknowledged);
    // Invitations are auth's writes: while auth is down there may be none to mail.
    if (part !== 'auth') expect(report.mails.expected).toBeGreaterThan(0);
    expect(report.mails.found).toBe(report.mails.expected);
    expect(report.notifications.expected).toBeGreaterThan(0);
    expect(report.notifications.found).toBe(report.notifications.expected);
  },
  300_000,
);

it.each([
  ['stopped and started', 'SIGTERM'],
  ['killed (kill -9) and started', 'SIGKILL'],
] as const)(
  'when Redis is %s with mail and notifications queued, then none is lost',
  async (_, signal) => {
    const report = await load.run({ kind: 'redis', signal });
    reports.push(report);

    expect(report.queued!.before).toBeGreaterThan(0);
    expect(report.queued!.after).toBe(report.queued!.before);
    expect(report.unexpected).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.mails.expected).toBeGreaterThan(0);
    expect(report.mails.found).toBe(report.mails.expected);
    expect(report.notifications.expected).toBeGreaterThan(0);
    expect(report.notifications.found).toBe(report.notifications.expected);
  },
  300_000,
);
