import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SECRET_REMOVED } from '@teamapp/contracts';
import { createMailSecrets } from '@teamapp/service-kit';
import request from 'supertest';
import { drained } from '@teamapp/service-kit/testing';
import { eventually, POISON_ADDRESS, startMailer, type MailerHarness } from '../test/harness';
import { startSmtpReceiver } from '../test/smtp-receiver';

let h: MailerHarness;
beforeAll(async () => {
  h = await startMailer({ appTitle: 'Riverside FC' });
});
afterAll(async () => {
  await h.close();
});

/** A reset mail as auth queues it: its link sealed with the key auth and the mailer share. */
/**
 * The job once it has failed for good. The state first, then the job: a job read before its state
 * turns failed can be its last attempt still running, holding that attempt's data and the
 * previous attempt's failedReason.
 */
const failedJob = (harness: MailerHarness, id: string) =>
  eventually(async () => {
    const state = await harness.queues.queue('mail').getJobState(id);
    return state === 'failed' ? harness.queues.queue('mail').getJob(id) : undefined;
  });

const resetJob = (to: string) =>
  h.service.deps.mailSecrets.seal({
    template: 'password-reset' as const,
    to,
    name: 'Sam',
    resetUrl: 'http://localhost:8080/reset-password?token=abc123',
  });

describe('the mail queue consumer', () => {
  it('when a reset mail is queued, then it arrives as HTML and text carrying the app title and link', async () => {
    await h.queues.add('mail', resetJob('sam@club.test'), randomUUID());

    const mail = await eventually(() =>
      h.receiver.mails.find((m) => m.to.includes('sam@club.test')),
    );

    expect(mail.subject).toBe('Riverside FC: reset your password');
    expect(mail.text).toContain('http://localhost:8080/reset-password?token=abc123');
    expect(mail.text).toContain('Riverside FC');
    expect(mail.html).toContain('href="http://localhost:8080/reset-password?token=abc123"');
    expect(mail.html).toContain('<h1');
  });

  it('when an invitation is queued, then it carries the title, login link and temporary password, which is then removed from the kept job', async () => {
    const jobId = randomUUID();
    const sealed = h.service.deps.mailSecrets.seal({
      template: 'invitation',
      to: 'new.player@club.test',
      name: 'Nia Player',
      role: 'player',
      loginUrl: 'http://localhost:8080/login',
      tempPassword: 'Xk4mPq7z',
      expiresAt: '2030-03-08T12:00:00.000Z',
    });
    expect(JSON.stringify(sealed)).not.toContain('Xk4mPq7z');
    await h.queues.add('mail', sealed, jobId);

    const mail = await eventually(() =>
      h.receiver.mails.find((m) => m.to.includes('new.player@club.test')),
    );

    expect(mail.subject).toBe('You are invited to Riverside FC');
    expect(mail.text).toContain('Temporary password: Xk4mPq7z');
    expect(mail.text).toContain('http://localhost:8080/login');
    expect(mail.text).toContain('March 8, 2030');
    expect(mail.html).toContain('href="http://localhost:8080/login"');
    expect(mail.html).toContain('Xk4mPq7z');
    expect(mail.html).toContain('Riverside FC');
    const kept = await eventually(async () => {
      const job = await h.queues.queue('mail').getJob(jobId);
      return job?.data.tempPassword === SECRET_REMOVED ? job : undefined;
    });
    expect(JSON.stringify(kept.data)).not.toContain('Xk4mPq7z');
  });

  it('when the same job id is added twice, then one mail is sent', async () => {
    const jobId = randomUUID();
    await h.queues.add('mail', resetJob('twice@club.test'), jobId);
    await h.queues.add('mail', resetJob('twice@club.test'), jobId);
    // Every job added has run (a second job of the same id would have sent its mail by then).
    await drained(h.queues.queue('mail'));

    expect(h.receiver.mails.filter((m) => m.to.includes('twice@club.test'))).toHaveLength(1);
    expect(await h.queues.queue('mail').getJobState(jobId)).toBe('completed');
  });

  it('when a job always fails, then it is kept as failed after its retries and the next job still goes out', async () => {
    const poisonId = randomUUID();
    await h.queues.add('mail', resetJob(POISON_ADDRESS), poisonId);
    await h.queues.add('mail', resetJob('after-poison@club.test'), randomUUID());

    const failed = await failedJob(h, poisonId);

    // Tried three times (attemptsMade can lag the failed state by one write; attemptsStarted not).
    expect(failed!.attemptsStarted).toBe(3);
    expect(failed!.failedReason).toMatch(/550|mailbox unavailable/);
    // Failed for good: the kept job keeps no secret (the link would have expired by then).
    expect(failed!.data.resetUrl).toBe(SECRET_REMOVED);
    const failedIds = (await h.queues.queue('mail').getFailed()).map((j) => j.id);
    expect(failedIds).toContain(poisonId);
    await eventually(() => h.receiver.mails.some((m) => m.to.includes('after-poison@club.test')));
  });

  it('when a payload can never be valid, then it fails at once without retries and is kept', async () => {
    const jobId = randomUUID();
    await h.queues
      .queue('mail')
      .add('mail', { template: 'unknown', to: 'x' }, { jobId, attempts: 3 });

    const job = await failedJob(h, jobId);

    // Started once, never retried.
    expect(job!.attemptsStarted).toBe(1);
    expect(job!.attemptsMade).toBeLessThanOrEqual(1);
    expect(job!.failedReason).toContain('invalid payload');
  });
});

describe('mailer plumbing', () => {
  it('when /health and /ready are asked, then both answer', async () => {
    const server = h.service.app.callback();
    expect((await request(server).get('/health')).status).toBe(200);
    const ready = await request(server).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ redis: 'ok' });
  });

  it('when SMTP_URL is set, then there is no /dev/mail catcher', async () => {
    const res = await request(h.service.app.callback()).get('/dev/mail');
    expect(res.status).toBe(404);
  });
});

describe('the branding the mail carries', () => {
  it('when content publishes a new title, then the next mail carries it', async () => {
    await h.publishTitle('Harbour Town FC');

    await h.queues.add('mail', resetJob('branded@club.test'), randomUUID());

    const mail = await eventually(() =>
      h.receiver.mails.find((m) => m.to.includes('branded@club.test')),
    );
    expect(mail.subject).toBe('Harbour Town FC: reset your password');
    await h.publishTitle('Riverside FC');
  });

  it('when an older branding event arrives after a newer one, then the newer title stays', async () => {
    const kept = await h.service.deps.branding.remember({
      appTitle: 'Old Title',
      updatedAt: '2001-01-01T00:00:00.000Z',
    });

    expect(kept).toBe(false);
    expect(await h.service.deps.branding.appTitle()).toBe('Riverside FC');
  });

  it('when no branding was ever published, then mail carries the default title', async () => {
    const fresh = await startMailer();
    try {
      expect(await fresh.service.deps.branding.appTitle()).toBe('TeamApp');
    } finally {
      await fresh.close();
    }
  });
});

describe('when the SMTP server is down', () => {
  it('then the mail waits, retries and is delivered once it is back', async () => {
    // A mailer whose SMTP server does not answer yet, retrying quickly.
    const down = await startSmtpReceiver();
    const url = new URL(down.url);
    await down.close();
    const outage = await startMailer({ smtpUrl: down.url, attempts: 20 });
    const jobId = randomUUID();
    await outage.queues.add('mail', resetJob('patient@club.test'), jobId);
    // An attempt has met the closed port and failed: the job waits for its retry.
    await eventually(
      async () => ((await outage.queues.queue('mail').getJob(jobId))?.attemptsMade ?? 0) >= 1,
    );

    const back = await startSmtpReceiver({ port: Number(url.port) });

    await eventually(() => back.mails.some((m) => m.to.includes('patient@club.test')), 15_000);
    expect(back.mails.filter((m) => m.to.includes('patient@club.test'))).toHaveLength(1);
    await outage.close();
    await back.close();
  });
});

describe('sealed mail secrets', () => {
  it('when a job is sealed with another key or altered, then it fails at once with a clear log line and the next mail still goes out', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'teamapp-mailer-log-'));
    const logFile = path.join(dir, 'mailer.log');
    const logged = await startMailer({ logFile });
    try {
      const otherKey = createMailSecrets(randomBytes(32));
      const mine = logged.service.deps.mailSecrets;
      const link = 'http://localhost:8080/reset-password?token=zz9';
      const reset = (to: string) => ({
        template: 'password-reset' as const,
        to,
        name: 'Sam',
        resetUrl: link,
      });
      const wrongKey = randomUUID();
      const readdressed = randomUUID();
      const tampered = randomUUID();
      await logged.queues.add('mail', otherKey.seal(reset('wrong.key@club.test')), wrongKey);
      // Sealed for one member, sent on to another: the secret is bound to its recipient.
      await logged.queues.add(
        'mail',
        { ...mine.seal(reset('victim@club.test')), to: 'thief@club.test' },
        readdressed,
      );
      // One character of the sealed link changed, as by someone who can write to Redis.
      const sealed = mine.seal(reset('tampered@club.test')) as ReturnType<typeof reset>;
      const [iv, ciphertext = '', tag] = sealed.resetUrl.split('.');
      const altered = `${ciphertext[0] === 'A' ? 'B' : 'A'}${ciphertext.slice(1)}`;
      await logged.queues.add(
        'mail',
        { ...sealed, resetUrl: [iv, altered, tag].join('.') },
        tampered,
      );
      await logged.queues.add('mail', mine.seal(reset('fine@club.test')), randomUUID());

      for (const id of [wrongKey, readdressed, tampered]) {
        const job = await failedJob(logged, id);
        expect(job.attemptsStarted).toBe(1);
        expect(job.failedReason).toContain(
          "does not open: MAIL_SECRET_KEY differs from the sender's, or the job was altered",
        );
      }
      await eventually(() => logged.receiver.mails.some((m) => m.to.includes('fine@club.test')));
      expect(logged.receiver.mails.map((m) => m.to).flat()).toEqual(['fine@club.test']);
      const lines = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean);
      const refused = lines
        .map((line) => JSON.parse(line) as { msg: string; jobId?: string; reason?: string })
        .filter((l) => l.msg === 'mail not sent: its sealed secret could not be opened');
      expect(refused.map((l) => l.jobId).sort()).toEqual([wrongKey, readdressed, tampered].sort());
      expect(lines.join('\n')).not.toContain('zz9');
    } finally {
      await logged.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when the mailer is given a MAIL_SECRET_KEY that is not 32 bytes, then it refuses to start naming it', async () => {
    await expect(startMailer({ mailSecretKey: 'too-short' })).rejects.toThrow(
      'MAIL_SECRET_KEY must be 32 bytes',
    );
  });
});
