import { startWorker, UnrecoverableError, type WorkerHandle } from '@teamapp/service-kit';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { QUEUE_NAMES } from '@teamapp/contracts';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';

const prefix = testRedisPrefix();
let h: ContentHarness;
beforeAll(async () => {
  h = await startContent({ prefix });
});
afterAll(async () => {
  await h.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Signs an admin in to the board as the browser does: ticket, then its exchange for a cookie. */
async function boardCookie(token: string): Promise<string> {
  const ticket = await request(h.server).post('/api/settings/queues-ticket').set(bearer(token));
  expect(ticket.status).toBe(200);
  const exchange = await request(h.server).get(ticket.body.data.url);
  expect(exchange.status).toBe(303);
  const cookie = String(exchange.headers['set-cookie']?.[0] ?? '');
  return cookie.split(';')[0]!;
}

/** A mail job that failed for good, with its reason, as the mailer leaves one. */
async function failedMail(reason: string): Promise<string> {
  const jobId = randomUUID();
  const failing: WorkerHandle = startWorker({
    queue: 'mail',
    redisUrl: testRedisUrl(),
    prefix,
    log: h.service.base.log,
    handler: async () => {
      throw new UnrecoverableError(reason);
    },
  });
  await h.queues.add(
    'mail',
    { template: 'password-changed', to: 'sam@club.test', name: 'Sam' },
    jobId,
  );
  await eventually(async () => (await h.queues.queue('mail').getJob(jobId))?.isFailed());
  await failing.close();
  return jobId;
}

describe('POST /api/settings/queues-ticket', () => {
  it('when an admin asks, then a single-use board address comes back', async () => {
    const { token } = await h.userFor('admin');

    const res = await request(h.server).post('/api/settings/queues-ticket').set(bearer(token));

    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^\/admin\/queues\/session\?ticket=[A-Za-z0-9_-]{43}$/);
    expect((await request(h.server).get(res.body.data.url)).status).toBe(303);
    expect((await request(h.server).get(res.body.data.url)).status).toBe(401);
  });

  it('when a player asks, then 403', async () => {
    const res = await request(h.server)
      .post('/api/settings/queues-ticket')
      .set(bearer(await h.tokenFor('player')));

    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).post('/api/settings/queues-ticket')).status).toBe(401);
  });
});

describe('/admin/queues', () => {
  it('when the ticket is exchanged, then the cookie is HttpOnly, SameSite=Strict and scoped to the board', async () => {
    const { token } = await h.userFor('admin');
    const ticket = await request(h.server).post('/api/settings/queues-ticket').set(bearer(token));

    const res = await request(h.server).get(ticket.body.data.url);

    expect(res.headers.location).toBe('/admin/queues/');
    const cookie = String(res.headers['set-cookie']?.[0]);
    expect(cookie).toMatch(/^teamapp_queues=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('path=/admin/queues');
    expect(cookie).toContain('httponly');
    expect(cookie).toContain('samesite=strict');
  });

  it('when an admin opens the board, then the page and every queue are there, failed jobs with their reason', async () => {
    const cookie = await boardCookie((await h.userFor('admin')).token);
    const jobId = await failedMail('SMTP refused the recipient');

    const page = await request(h.server).get('/admin/queues/').set('Cookie', cookie);
    const list = await request(h.server)
      .get('/admin/queues/api/queues?activeQueue=mail&status=failed')
      .set('Cookie', cookie);

    expect(page.status).toBe(200);
    expect(page.text).toContain('TeamApp queues');
    expect(list.status).toBe(200);
    const queues = list.body.queues as {
      name: string;
      counts: Record<string, number>;
      jobs: { id: string; failedReason?: string }[];
    }[];
    expect(queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUE_NAMES).sort());
    const mail = queues.find((q) => q.name === 'mail')!;
    expect(mail.counts.failed).toBeGreaterThanOrEqual(1);
    expect(mail.jobs.find((j) => j.id === jobId)?.failedReason).toBe('SMTP refused the recipient');
  });

  it('when an admin retries and removes failed jobs, then they leave the failed list', async () => {
    const cookie = await boardCookie((await h.userFor('admin')).token);
    const retried = await failedMail('first outage');
    const removed = await failedMail('second outage');

    const retry = await request(h.server)
      .put(`/admin/queues/api/queues/mail/${retried}/retry`)
      .set('Cookie', cookie);
    const remove = await request(h.server)
      .put(`/admin/queues/api/queues/mail/${removed}/clean`)
      .set('Cookie', cookie);

    expect(retry.status).toBe(204);
    expect(remove.status).toBe(204);
    expect(await (await h.queues.queue('mail').getJob(retried))?.getState()).toBe('waiting');
    expect(await h.queues.queue('mail').getJob(removed)).toBeUndefined();
  });

  it('when nobody is signed in, then the page and its API answer 401', async () => {
    expect((await request(h.server).get('/admin/queues/')).status).toBe(401);
    expect((await request(h.server).get('/admin/queues/api/queues')).status).toBe(401);
    expect((await request(h.server).get('/admin/queues/session?ticket=nope')).status).toBe(401);
  });

  it('when a cookie is made up, then 401', async () => {
    const res = await request(h.server)
      .get('/admin/queues/')
      .set('Cookie', `teamapp_queues=${'a'.repeat(43)}`);

    expect(res.status).toBe(401);
  });

  it('when the admin signed out since, then the board answers 401', async () => {
    const admin = await h.userFor('admin');
    const cookie = await boardCookie(admin.token);
    expect((await request(h.server).get('/admin/queues/').set('Cookie', cookie)).status).toBe(200);

    await h.service.base.sessions.revoke(admin.sid);

    expect((await request(h.server).get('/admin/queues/').set('Cookie', cookie)).status).toBe(401);
    const api = await request(h.server).get('/admin/queues/api/queues').set('Cookie', cookie);
    expect(api.status).toBe(401);
  });
});
