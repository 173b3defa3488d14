/**
 * Each write drops, once it has committed, the kept answers it changes and only those: the news
 * board, a member's notifications, the settings and the assembled showcase are each a scope of
 * the service's read cache. Seen through the service's routes on PGlite or the PostgreSQL at
 * DATABASE_URL.
 */
import request from 'supertest';
import { startContent, type ContentHarness } from '../../test/harness';
import { NEWS_SCOPE, SETTINGS_SCOPE, userScope } from '../domain/list-scopes';

let h: ContentHarness;
let admin: { userId: string; token: string };
let player: { userId: string; token: string };
beforeAll(async () => {
  h = await startContent();
  admin = await h.userFor('admin');
  player = await h.userFor('player');
  for (const member of [admin, player]) {
    await h.service.deps.notifications.memberChanged({
      userId: member.userId,
      kind: 'joined',
      at: new Date().toISOString(),
      member: { name: 'Member', email: 'member@club.test', role: 'player', profilePicture: null },
    });
  }
});
afterAll(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Reads every kept answer, so each is kept. */
async function readAll() {
  const reads = [
    request(h.server).get('/api/news').set(auth(player.token)),
    request(h.server).get('/api/notifications?limit=20').set(auth(player.token)),
    request(h.server).get('/api/notifications?limit=20').set(auth(admin.token)),
    request(h.server).get('/api/settings'),
    request(h.server).get('/api/showcase'),
  ];
  for (const res of await Promise.all(reads)) expect(res.status).toBe(200);
}

/** The kept answers that went. */
function dropped(): string[] {
  const { lists, showcase } = h.service.deps;
  const kept = {
    news: lists.keptAt(NEWS_SCOPE, 'board'),
    'player notifications': lists.keptAt(userScope(player.userId), 'list:20'),
    'admin notifications': lists.keptAt(userScope(admin.userId), 'list:20'),
    settings: lists.keptAt(SETTINGS_SCOPE, SETTINGS_SCOPE),
    showcase: showcase.cachedAt(),
  };
  return Object.entries(kept)
    .filter(([, at]) => at === undefined)
    .map(([name]) => name);
}

it('when an admin publishes without notifying, then the news board and the showcase are dropped', async () => {
  await readAll();

  const res = await request(h.server)
    .post('/api/news')
    .set(auth(admin.token))
    .send({ title: 'Kit day', content: 'Saturday', notify: false });

  expect(res.status).toBe(201);
  expect(dropped()).toEqual(['news', 'showcase']);
});

it('when a member marks their notifications read, then only their own list is dropped', async () => {
  await h.service.deps.notifications.deliver(
    'job-1',
    { userIds: [player.userId] },
    {
      title: 'Hello',
      message: 'there',
    },
  );
  await readAll();

  const res = await request(h.server)
    .post('/api/notifications/mark-all-read')
    .set(auth(player.token));

  expect(res.body.data.updated).toBe(1);
  expect(dropped()).toEqual(['player notifications']);
});

it('when a notification is delivered, then only its recipients’ lists are dropped', async () => {
  await readAll();

  await h.service.deps.notifications.deliver(
    'job-2',
    { userIds: [admin.userId] },
    {
      title: 'Hi',
      message: 'admin',
    },
  );

  expect(dropped()).toEqual(['admin notifications']);
});

it('when an admin changes the title, then the settings and the showcase are dropped', async () => {
  await readAll();

  const res = await request(h.server)
    .put('/api/settings')
    .set(auth(admin.token))
    .send({ appTitle: 'Harbour FC' });

  expect(res.status).toBe(200);
  expect(dropped()).toEqual(['settings', 'showcase']);
});

it('when a member event is applied, then the news board and the showcase are dropped; an older one drops nothing', async () => {
  await readAll();
  const renamed = {
    userId: admin.userId,
    kind: 'updated' as const,
    member: {
      name: 'Casey Renamed',
      email: 'c@club.test',
      role: 'admin' as const,
      profilePicture: null,
    },
  };

  await h.service.deps.notifications.memberChanged({ ...renamed, at: new Date().toISOString() });
  expect(dropped()).toEqual(['news', 'showcase']);

  await readAll();
  await h.service.deps.notifications.memberChanged({ ...renamed, at: new Date(0).toISOString() });
  expect(dropped()).toEqual([]);
});

it('when a write is refused, then nothing is dropped', async () => {
  await readAll();

  const res = await request(h.server)
    .put('/api/settings')
    .set(auth(player.token))
    .send({ appTitle: 'Nope' });

  expect(res.status).toBe(403);
  expect(dropped()).toEqual([]);
});
