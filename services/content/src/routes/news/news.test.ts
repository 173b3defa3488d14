/**
 * /api/news through the real app, database and queues: the list, publish, edit, pin and delete,
 * in a club with one team that every member is in (club admins as its coaches), as every club is
 * once it has teams. Team posts beside club posts: team-news.test.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  NEWS_IMAGE_URL_INVALID,
  NEWS_NOT_FOUND,
  NEWS_UNKNOWN_AUTHOR,
  type NewsPost,
  type Role,
} from '@teamapp/contracts';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { createNewsRepo, excerptOf } from '../../db/news.repo';
import { createTeamsRepo } from '../../db/teams.repo';
import { ACCESS_DENIED, auth, newsMemberFor, type NewsMember } from '../../../test/news-members';

type Member = NewsMember;

/** The club's one team. */
const ONE_TEAM = randomUUID();

let h: ContentHarness;
let admin: Member;
let player: Member;
beforeAll(async () => {
  h = await startContent();
  await createTeamsRepo(h.service.base.db).apply({
    teamId: ONE_TEAM,
    at: new Date().toISOString(),
    team: { name: 'Harbour FC', colour: '#1864ab', public: true, archived: false },
  });
  admin = await memberFor('admin', 'Casey Coach');
  player = await memberFor('player', 'Jordan Winger');
});
afterAll(async () => {
  await h.close();
});

/** A signed-in member in the club's one team (club admins as its coaches). */
const memberFor = (role: Role, name: string): Promise<Member> =>
  newsMemberFor(h, role, name, [{ teamId: ONE_TEAM, role: role === 'admin' ? 'coach' : 'player' }]);

const post = (body: Record<string, unknown>, token = admin.token) =>
  request(h.server).post('/api/news').set(auth(token)).send(body);

/** Publishes a post without notifying anyone and returns it. */
async function published(fields: Record<string, unknown> = {}): Promise<NewsPost> {
  const res = await post({
    title: `Post ${randomUUID()}`,
    content: 'Body',
    notify: false,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.data as NewsPost;
}

const list = async (token = player.token): Promise<NewsPost[]> =>
  (await request(h.server).get('/api/news').set(auth(token))).body.data;

async function notificationTitles(token: string): Promise<string[]> {
  const res = await request(h.server).get('/api/notifications').set(auth(token));
  return res.body.data.map((n: { title: string }) => n.title);
}

/** Unsafe or malformed picture addresses: each must be refused, none stored. */
const BAD_IMAGE_URLS = [
  'javascript:alert(1)',
  '  JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a.png',
  '//evil.example/a.png',
  '/uploads/a.png',
  'https://',
  'not a url',
  '"><img src=x onerror=alert(1)>',
  42,
];

describe('GET /api/news', () => {
  it('when a member reads the news, then pinned posts come first, then the newest, with their authors', async () => {
    const old = await published({ title: 'Old news' });
    const pinned = await published({ title: 'Pinned news', isPinned: true });
    const fresh = await published({ title: 'Fresh news' });

    const posts = await list();

    const ids = posts.map((p) => p.id);
    const pinnedAt = ids.indexOf(pinned.id);
    expect(posts.slice(0, pinnedAt + 1).every((p) => p.is_pinned)).toBe(true);
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(old.id));
    expect(ids.indexOf(pinned.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(posts.find((p) => p.id === fresh.id)).toEqual({
      id: fresh.id,
      title: 'Fresh news',
      content: 'Body',
      author_id: admin.userId,
      author_name: 'Casey Coach',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.any(String),
      image_url: null,
      is_pinned: false,
      teamId: null,
    });
  });

  it('when the author has left the club, then the post shows "Unknown Author"', async () => {
    const coach = await memberFor('admin', 'Gone Coach');
    const res = await post({ title: 'Farewell', content: 'Bye', notify: false }, coach.token);
    await h.service.deps.notifications.memberChanged({
      userId: coach.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });

    const shown = (await list()).find((p) => p.id === res.body.data.id);

    expect(shown?.author_name).toBe(NEWS_UNKNOWN_AUTHOR);
  });

  it('when the members queue names or renames the author, then their posts show the new name', async () => {
    const coach = await h.userFor('admin');
    const res = await post({ title: 'Named later', content: 'x', notify: false }, coach.token);
    expect(res.body.data.author_name).toBe(NEWS_UNKNOWN_AUTHOR);
    const event = (kind: 'joined' | 'updated', name: string, offsetMs: number) => ({
      userId: coach.userId,
      kind,
      at: new Date(Date.now() + offsetMs).toISOString(),
      member: {
        name,
        email: `${coach.userId}@club.test`,
        role: 'admin' as const,
        profilePicture: null,
      },
    });
    const authorOf = async () => (await list()).find((p) => p.id === res.body.data.id)?.author_name;

    await h.queues.add('members', event('joined', 'Alex Assistant', 0), randomUUID());
    await eventually(async () => (await authorOf()) === 'Alex Assistant');
    await h.queues.add('members', event('updated', 'Alex Head Coach', 1000), randomUUID());
    await eventually(async () => (await authorOf()) === 'Alex Head Coach');
    await h.queues.add(
      'members',
      { userId: coach.userId, kind: 'left', at: new Date(Date.now() + 2000).toISOString() },
      randomUUID(),
    );

    await eventually(async () => (await authorOf()) === NEWS_UNKNOWN_AUTHOR);
  });

  it('when the author was never known to the club, then the post shows "Unknown Author"', async () => {
    const stranger = await h.userFor('admin');
    const res = await post(
      { title: 'Who wrote this', content: '?', notify: false },
      stranger.token,
    );

    expect(res.body.data.author_name).toBe(NEWS_UNKNOWN_AUTHOR);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/news');
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });
});

describe('POST /api/news', () => {
  it('when the text is emoji that the notification cuts, then 201 and the notification holds whole characters', async () => {
    const res = await post({ title: 'Emoji day', content: '😀'.repeat(500) });

    expect(res.status).toBe(201);
    await eventually(async () =>
      (await notificationTitles(player.token)).includes('News: Emoji day'),
    );
    const note = (
      await request(h.server).get('/api/notifications').set(auth(player.token))
    ).body.data.find((n: { title: string }) => n.title === 'News: Emoji day');
    expect(note.message).toBe(`${'😀'.repeat(79)}…`);
  });

  it('when a title or the text holds a NUL character, then 400 naming the field and nothing is stored', async () => {
    const before = (await request(h.server).get('/api/news').set(auth(admin.token))).body.data
      .length as number;
    for (const field of ['title', 'content']) {
      const res = await post({
        title: 'Cup draw',
        content: 'Body',
        notify: false,
        [field]: 'a\u0000b',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        field,
        error: `${field} must not contain a null character`,
      });
    }
    const after = (await request(h.server).get('/api/news').set(auth(admin.token))).body.data;
    expect(after).toHaveLength(before);
  });

  it('when an admin publishes, then 201 with the post: trimmed, line breaks kept, text as typed', async () => {
    const content = '  Line one\nLine two\n\n<b>not bold</b> <script>alert(1)</script>  ';
    const res = await post({
      title: '  Season opener  ',
      content,
      imageUrl: '  https://images.example.com/kickoff.jpg  ',
      isPinned: true,
      notify: false,
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: expect.any(Object) });
    expect(res.body.data).toMatchObject({
      title: 'Season opener',
      content: 'Line one\nLine two\n\n<b>not bold</b> <script>alert(1)</script>',
      image_url: 'https://images.example.com/kickoff.jpg',
      is_pinned: true,
      author_name: 'Casey Coach',
    });
    expect((await list()).find((p) => p.id === res.body.data.id)?.content).toBe(
      res.body.data.content,
    );
  });

  it('when an admin publishes (notify is on by default), then every other active member is told and the author is not', async () => {
    const reader = await memberFor('player', 'Riley Reader');
    const leaver = await memberFor('player', 'Lee Leaver');
    await h.service.deps.notifications.memberChanged({
      userId: leaver.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });
    const title = `Kit day ${randomUUID().slice(0, 8)}`;

    const res = await post({ title, content: 'Bring your old boots.\nAll sizes welcome.' });

    expect(res.status).toBe(201);
    await eventually(async () =>
      (await notificationTitles(reader.token)).includes(`News: ${title}`),
    );
    await eventually(async () =>
      (await notificationTitles(player.token)).includes(`News: ${title}`),
    );
    const note = (
      await request(h.server).get('/api/notifications').set(auth(reader.token))
    ).body.data.find((n: { title: string }) => n.title === `News: ${title}`);
    expect(note.message).toBe('Bring your old boots. All sizes welcome.');
    expect(await notificationTitles(admin.token)).not.toContain(`News: ${title}`);
    expect(await notificationTitles(leaver.token)).not.toContain(`News: ${title}`);
  });

  it('when notify is false, then nobody is told', async () => {
    const reader = await memberFor('player', 'Quinn Quiet');
    const title = `Quiet ${randomUUID().slice(0, 8)}`;
    const loud = `Loud ${randomUUID().slice(0, 8)}`;

    await post({ title, content: 'Shh', notify: false });
    // A later post that does notify: once it arrives, the quiet one would have too.
    await post({ title: loud, content: 'Hello' });
    await eventually(async () =>
      (await notificationTitles(reader.token)).includes(`News: ${loud}`),
    );

    expect(await notificationTitles(reader.token)).not.toContain(`News: ${title}`);
  });

  it.each([
    [{ content: 'x' }, 'title is required'],
    [{ title: '   ', content: 'x' }, 'title is required'],
    [{ title: 'x' }, 'content is required'],
    [{ title: 'x', content: ' \n\t ' }, 'content is required'],
    [{ title: 'x'.repeat(201), content: 'x' }, 'title must be at most 200 characters'],
    [{ title: 'x', content: 'x', isPinned: 'yes' }, 'isPinned must be true or false'],
    [{ title: 'x', content: 'x', notify: 'no' }, 'notify must be true or false'],
  ])('when the post is %j, then 400 "%s"', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it.each(BAD_IMAGE_URLS)(
    'when the image URL is %j, then 400 and nothing is stored',
    async (url) => {
      const title = `Bad picture ${randomUUID()}`;
      const res = await post({ title, content: 'x', imageUrl: url, notify: false });

      expect(res.status).toBe(400);
      expect(res.body.error).toBe(NEWS_IMAGE_URL_INVALID);
      expect((await list()).some((p) => p.title === title)).toBe(false);
    },
  );

  it.each(['', '   ', null])(
    'when the image URL is %j, then the post has no picture',
    async (url) => {
      const res = await post({ title: 'No picture', content: 'x', imageUrl: url, notify: false });
      expect(res.status).toBe(201);
      expect(res.body.data.image_url).toBeNull();
    },
  );

  it('when a player publishes, then 403 with the access-denied text', async () => {
    const res = await post({ title: 'Mine', content: 'x' }, player.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ACCESS_DENIED);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/news').send({ title: 'x', content: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/news/:id', () => {
  const put = (id: string, body: unknown, token = admin.token) =>
    request(h.server)
      .put(`/api/news/${id}`)
      .set(auth(token))
      .send(body as object);

  it('when an admin edits a post, then the fields sent change and the rest stay', async () => {
    const before = await published({ imageUrl: 'https://img.example/a.png' });

    const res = await put(before.id, { title: ' Edited ', content: 'New\nbody' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: before.id,
      title: 'Edited',
      content: 'New\nbody',
      image_url: 'https://img.example/a.png',
      is_pinned: false,
      author_name: 'Casey Coach',
    });
  });

  it('when an admin sends only isPinned, then the post is pinned, listed first, and unpinned again', async () => {
    const older = await published();
    await published();

    const pinned = await put(older.id, { isPinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data.is_pinned).toBe(true);
    expect(pinned.body.data.title).toBe(older.title);
    const firstUnpinnedAt = (await list()).findIndex((p) => !p.is_pinned);
    expect((await list()).findIndex((p) => p.id === older.id)).toBeLessThan(firstUnpinnedAt);

    const unpinned = await put(older.id, { isPinned: false });
    expect(unpinned.body.data.is_pinned).toBe(false);
  });

  it('when the image URL is cleared with null, then the post has no picture', async () => {
    const before = await published({ imageUrl: 'https://img.example/a.png' });
    const res = await put(before.id, { imageUrl: null });
    expect(res.body.data.image_url).toBeNull();
  });

  it.each(BAD_IMAGE_URLS)(
    'when the new image URL is %j, then 400 and the post keeps its picture',
    async (url) => {
      const before = await published({ imageUrl: 'http://img.example/keep.png' });

      const res = await put(before.id, { imageUrl: url });

      expect(res.status).toBe(400);
      expect(res.body.error).toBe(NEWS_IMAGE_URL_INVALID);
      expect((await list()).find((p) => p.id === before.id)?.image_url).toBe(
        'http://img.example/keep.png',
      );
    },
  );

  it.each([
    [{}, 'Send at least one of title, content, imageUrl or isPinned'],
    [{ title: '' }, 'title is required'],
    [{ content: '  ' }, 'content is required'],
    [{ isPinned: 'true' }, 'isPinned must be true or false'],
  ])('when the change is %j, then 400 "%s"', async (body, message) => {
    const before = await published();
    const res = await put(before.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('when the id is not an id, then 400 naming it', async () => {
    const res = await put('not-an-id', { isPinned: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('id must be a valid identifier');
  });

  it('when the post does not exist, then 404', async () => {
    const res = await put(randomUUID(), { isPinned: true });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(NEWS_NOT_FOUND);
  });

  it('when a player pins or edits, then 403 and nothing changes', async () => {
    const before = await published();

    const pin = await put(before.id, { isPinned: true }, player.token);
    const edit = await put(before.id, { title: 'Hijacked' }, player.token);

    expect([pin.status, edit.status]).toEqual([403, 403]);
    expect(pin.body.error).toBe(ACCESS_DENIED);
    expect((await list()).find((p) => p.id === before.id)).toMatchObject({
      title: before.title,
      is_pinned: false,
    });
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put(`/api/news/${randomUUID()}`).send({ isPinned: true });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/news/:id', () => {
  const del = (id: string, token = admin.token) =>
    request(h.server).delete(`/api/news/${id}`).set(auth(token));

  it('when an admin deletes a post, then it is gone, and deleting it again is 404', async () => {
    const doomed = await published();

    const res = await del(doomed.id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await list()).some((p) => p.id === doomed.id)).toBe(false);
    const again = await del(doomed.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(NEWS_NOT_FOUND);
  });

  it('when the id is not an id, then 400', async () => {
    const res = await del('42');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('id must be a valid identifier');
  });

  it('when a player deletes a post, then 403 and it stays', async () => {
    const kept = await published();
    const res = await del(kept.id, player.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ACCESS_DENIED);
    expect((await list()).some((p) => p.id === kept.id)).toBe(true);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).delete(`/api/news/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('the latest posts for the showcase', () => {
  it('when asked for the latest N, then the N newest come, pinned or not, with author and excerpt', async () => {
    const long = `${'word '.repeat(60)}\nend`;
    await published({ title: 'Older pinned', isPinned: true });
    const newest = await published({
      title: 'Newest',
      content: long,
      imageUrl: 'https://i.example/n.png',
    });
    const repo = createNewsRepo(h.service.base.db);

    const latest = await repo.latest(2);

    expect(latest).toHaveLength(2);
    expect(latest[0]).toEqual({
      id: newest.id,
      title: 'Newest',
      excerpt: excerptOf(long),
      content: long.trim(),
      imageUrl: 'https://i.example/n.png',
      authorName: 'Casey Coach',
      createdAt: expect.any(Date),
      pinned: false,
    });
    expect(latest[0]!.excerpt.length).toBeLessThanOrEqual(160);
    expect(latest[0]!.excerpt.endsWith('…')).toBe(true);
    expect(latest[1]!.title).toBe('Older pinned');
    expect(await h.service.deps.news.latest(0)).toEqual([]);
  });
});

describe('the news on the public showcase', () => {
  it('when a post is published, then GET /api/showcase shows it as a card whose dialog holds its escaped text', async () => {
    const typed = 'Kick-off at <b>three</b>\nBring a friend.\n\n<script>alert(1)</script>';
    const shown = await published({ title: 'Showcase headline', content: typed });

    const res = await request(h.server).get('/api/showcase');

    expect(res.status).toBe(200);
    const card = res.body.data.news.find((n: { id: string }) => n.id === shown.id);
    expect(card).toMatchObject({ title: 'Showcase headline', category: 'Club News' });
    expect(card.action).toMatchObject({ type: 'modal', title: 'Showcase headline' });
    expect(card.action.content).toBe(
      '<p>Kick-off at &lt;b&gt;three&lt;/b&gt;<br />Bring a friend.</p>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});
