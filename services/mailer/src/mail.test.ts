import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually, POISON_ADDRESS, startMailer, type MailerHarness } from '../test/harness';
import { startSmtpReceiver } from '../test/smtp-receiver';

let h: MailerHarness;
beforeAll(async () => {
  h = await startMailer({ appTitle: 'Riverside FC' });
});
afterAll(async () => {
  await h.close();
});

const resetJob = (to: string) => ({
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

  it('when an invitation is queued, then it carries the title, login link and temporary password, which is then blanked in the kept job', async () => {
    const jobId = randomUUID();
    await h.queues.add(
      'mail',
      {
        template: 'invitation',
        to: 'new.player@club.test',
        name: 'Nia Player',
        role: 'player',
        loginUrl: 'http://localhost:8080/login',
        tempPassword: 'Xk4mPq7z',
        expiresAt: '2030-03-08T12:00:00.000Z',
      },
      jobId,
    );

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
      return job?.data.tempPassword === '(sent)' ? job : undefined;
    });
    expect(JSON.stringify(kept.data)).not.toContain('Xk4mPq7z');
  });

  it('when the same job id is added twice, then one mail is sent', async () => {
    const jobId = randomUUID();
    await h.queues.add('mail', resetJob('twice@club.test'), jobId);
    await h.queues.add('mail', resetJob('twice@club.test'), jobId);
    await eventually(() => h.receiver.mails.some((m) => m.to.includes('twice@club.test')));
    await new Promise((r) => setTimeout(r, 500));

    expect(h.receiver.mails.filter((m) => m.to.includes('twice@club.test'))).toHaveLength(1);
  });

  it('when a job always fails, then it is kept as failed after its retries and the next job still goes out', async () => {
    const poisonId = randomUUID();
    await h.queues.add('mail', resetJob(POISON_ADDRESS), poisonId);
    await h.queues.add('mail', resetJob('after-poison@club.test'), randomUUID());

    const failed = await eventually(async () => {
      const job = await h.queues.queue('mail').getJob(poisonId);
      return (await job?.isFailed()) && job?.failedReason ? job : undefined;
    });

    // Tried three times (attemptsMade can lag the failed state by one write; attemptsStarted not).
    expect(failed!.attemptsStarted).toBe(3);
    expect(failed!.failedReason).toMatch(/550|mailbox unavailable/);
    const failedIds = (await h.queues.queue('mail').getFailed()).map((j) => j.id);
    expect(failedIds).toContain(poisonId);
    await eventually(() => h.receiver.mails.some((m) => m.to.includes('after-poison@club.test')));
  });

  it('when a payload can never be valid, then it fails at once without retries and is kept', async () => {
    const jobId = randomUUID();
    await h.queues
      .queue('mail')
      .add('mail', { template: 'unknown', to: 'x' }, { jobId, attempts: 3 });

    const job = await eventually(async () => {
      const j = await h.queues.queue('mail').getJob(jobId);
      return (await j?.isFailed()) && j?.failedReason ? j : undefined;
    });

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
    await outage.queues.add('mail', resetJob('patient@club.test'), randomUUID());
    await new Promise((r) => setTimeout(r, 600));

    const back = await startSmtpReceiver({ port: Number(url.port) });

    await eventually(() => back.mails.some((m) => m.to.includes('patient@club.test')), 15_000);
    expect(back.mails.filter((m) => m.to.includes('patient@club.test'))).toHaveLength(1);
    await outage.close();
    await back.close();
  });
});
