import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { members } from '../../db/schema';

let h: ContentHarness;
beforeAll(async () => {
  h = await startContent();
});
afterAll(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function unread(token: string): Promise<number> {
  const res = await request(h.server).get('/api/notifications/unread-count').set(auth(token));
  return res.body.data.count as number;
}

/** Sends notifications through the real queue and waits until the consumer stored them. */
async function notify(userIds: string[], title: string, expectedFor: string) {
  await h.queues.add(
    'notifications',
    { audience: { userIds }, title, message: `${title} body` },
    randomUUID(),
  );
  await eventually(async () => (await unread(expectedFor)) > 0);
}

describe('notifications for the signed-in user', () => {
  it('when a notification is queued, then the recipient lists it newest first with its fields', async () => {
    const player = await h.userFor('player');
    await notify([player.userId], 'First', player.token);
    await notify([player.userId], 'Second', player.token);
    await eventually(async () => (await unread(player.token)) === 2);

    const res = await request(h.server).get('/api/notifications?limit=20').set(auth(player.token));

    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      title: 'Second',
      message: 'Second body',
      is_read: false,
      created_at: expect.any(String),
    });
  });

  it('when the limit is given, then at most that many come back', async () => {
    const player = await h.userFor('player');
    for (const t of ['a', 'b', 'c']) await notify([player.userId], t, player.token);
    await eventually(async () => (await unread(player.token)) === 3);

    const res = await request(h.server).get('/api/notifications?limit=2').set(auth(player.token));

    expect(res.body.data).toHaveLength(2);
  });

  it.each(['0', '101', 'ten'])('when the limit is %s, then 400 naming limit', async (limit) => {
    const { token } = await h.userFor('admin');
    const res = await request(h.server).get(`/api/notifications?limit=${limit}`).set(auth(token));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('limit');
  });

  it('when one is clicked, then it is read and the count falls by one', async () => {
    const admin = await h.userFor('admin');
    await notify([admin.userId], 'One', admin.token);
    await notify([admin.userId], 'Two', admin.token);
    await eventually(async () => (await unread(admin.token)) === 2);
    const list = await request(h.server).get('/api/notifications').set(auth(admin.token));

    const res = await request(h.server)
      .post(`/api/notifications/${list.body.data[0].id}/read`)
      .set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(await unread(admin.token)).toBe(1);
  });

  it('when mark all read is used, then the count is 0', async () => {
    const player = await h.userFor('player');
    await notify([player.userId], 'x', player.token);

    const res = await request(h.server)
      .post('/api/notifications/mark-all-read')
      .set(auth(player.token));

    expect(res.status).toBe(200);
    expect(await unread(player.token)).toBe(0);
  });

  it("when another user's notification is read, then 404 and it stays unread", async () => {
    const owner = await h.userFor('player');
    const other = await h.userFor('admin');
    await notify([owner.userId], 'private', owner.token);
    const list = await request(h.server).get('/api/notifications').set(auth(owner.token));

    const res = await request(h.server)
      .post(`/api/notifications/${list.body.data[0].id}/read`)
      .set(auth(other.token));

    expect(res.status).toBe(404);
    expect(await unread(owner.token)).toBe(1);
    const othersList = await request(h.server).get('/api/notifications').set(auth(other.token));
    expect(othersList.body.data).toEqual([]);
  });

  it('when the id is not an id, then 400', async () => {
    const { token } = await h.userFor('player');
    const res = await request(h.server).post('/api/notifications/abc/read').set(auth(token));
    expect(res.status).toBe(400);
  });

  it('when nobody is signed in, then every call is 401', async () => {
    const calls = [
      request(h.server).get('/api/notifications'),
      request(h.server).get('/api/notifications/unread-count'),
      request(h.server).post('/api/notifications/mark-all-read'),
      request(h.server).post(`/api/notifications/${randomUUID()}/read`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});

describe('the notifications consumer', () => {
  it('when the same job is delivered twice, then one row per recipient is stored', async () => {
    const player = await h.userFor('player');
    const jobId = randomUUID();

    const first = await h.service.deps.notifications.deliver(
      jobId,
      { userIds: [player.userId] },
      { title: 't', message: 'm' },
    );
    const second = await h.service.deps.notifications.deliver(
      jobId,
      { userIds: [player.userId] },
      { title: 't', message: 'm' },
    );

    expect([first, second]).toEqual([1, 0]);
    expect(await unread(player.token)).toBe(1);
  });

  it('when a notification is for everyone, then every member who joined gets one', async () => {
    const a = await h.userFor('player');
    const b = await h.userFor('admin');
    for (const u of [a, b])
      await h.queues.add('members', { userId: u.userId, kind: 'joined' }, randomUUID());
    await eventually(
      async () =>
        (await h.service.deps.notifications.deliver(
          randomUUID(),
          { everyone: true },
          { title: 'probe', message: '' },
        )) >= 2,
    );

    await h.queues.add(
      'notifications',
      { audience: { everyone: true }, title: 'Club news', message: 'hi' },
      randomUUID(),
    );

    for (const u of [a, b]) {
      await eventually(async () => {
        const res = await request(h.server).get('/api/notifications').set(auth(u.token));
        return res.body.data.some((n: { title: string }) => n.title === 'Club news');
      });
    }
  });

  it('when a member left, then a notification for everyone no longer reaches them', async () => {
    const stays = await h.userFor('player');
    const leaves = await h.userFor('player');
    const at = Date.now();
    for (const u of [stays, leaves])
      await h.service.deps.notifications.memberChanged({
        userId: u.userId,
        kind: 'joined',
        at: new Date(at).toISOString(),
      });
    await h.queues.add(
      'members',
      { userId: leaves.userId, kind: 'left', at: new Date(at + 1000).toISOString() },
      randomUUID(),
    );
    await eventually(async () => {
      const rows = await h.service.base.db
        .select()
        .from(members)
        .where(eq(members.userId, leaves.userId));
      return rows[0]?.active === false;
    });

    await h.service.deps.notifications.deliver(
      randomUUID(),
      { everyone: true },
      { title: 'Training moved', message: '' },
    );

    expect(await unread(stays.token)).toBe(1);
    expect(await unread(leaves.token)).toBe(0);
  });

  it('when an older joined event arrives after left, then the member stays out', async () => {
    const userId = randomUUID();
    const at = Date.now();
    await h.service.deps.notifications.memberChanged({
      userId,
      kind: 'left',
      at: new Date(at + 2000).toISOString(),
    });

    const applied = await h.service.deps.notifications.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at + 1000).toISOString(),
    });

    expect(applied).toBe(false);
  });
});

describe('a user who must choose a new password', () => {
  it('when they call any content route, then 403 password_change_required', async () => {
    const fresh = await h.userFor('player', { mustChangePassword: true });

    const res = await request(h.server).get('/api/notifications').set(auth(fresh.token));

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('password_change_required');
    expect(res.body.error).toBe('Please choose a new password before you continue.');
  });
});
