/**
 * /api/showcase and the server-rendered showcase page, on PGlite or the PostgreSQL at
 * DATABASE_URL. The schedule's figures come from the real events service (started in-process and
 * listening on a free port); the shell's index.html from a static server standing in for the
 * shell's nginx; the news from a source object given to the service.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SHOWCASE_FORBIDDEN, type ShowcaseNewsItem } from '@teamapp/contracts';
import {
  auth as eventsAuth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../../events/test/harness';
import { startContent, type ContentHarness } from '../../../test/harness';
import { SHOWCASE_SCOPE } from '../../domain/list-scopes';
import { XSS_PAYLOADS, scriptRisks } from '../../../test/xss-payloads';

const SHELL_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>TeamApp</title>
    <meta name="description" content="TeamApp: run a sports club from one place.">
    <script defer src="/main.1234.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const listen = async (handler: http.RequestListener) => {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
const stop = (server: http.Server) => new Promise((resolve) => server.close(resolve));

const newsPosts: ShowcaseNewsItem[] = [];
const news = {
  async latest(limit: number) {
    return newsPosts.slice(0, limit);
  },
};

let events: EventsHarness;
let eventsServer: http.Server;
let shellServer: http.Server;
let h: ContentHarness;
let admin: string;
let player: string;
let coach: Member;
let striker: Member;
beforeAll(async () => {
  events = await startEvents();
  coach = await events.memberFor('admin', 'Casey Coach');
  striker = await events.memberFor('player', 'Sam Striker');
  const eventsHttp = await listen(events.server);
  eventsServer = eventsHttp.server;
  const shell = await listen((req, res) => {
    if (req.url !== '/index.html') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(SHELL_INDEX);
  });
  shellServer = shell.server;
  h = await startContent({
    env: { EVENTS_INTERNAL_URL: eventsHttp.url, SHELL_INTERNAL_URL: shell.url },
    service: { news },
  });
  admin = await h.tokenFor('admin');
  player = await h.tokenFor('player');
});
afterAll(async () => {
  await h.close();
  await stop(shellServer);
  await stop(eventsServer);
  await events.close();
});
beforeEach(async () => {
  newsPosts.length = 0;
  await request(h.server).put('/api/showcase').set(auth(admin)).send({});
  await request(h.server).post('/api/settings/reset').set(auth(admin));
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const showcase = async () => {
  await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);
  const res = await request(h.server).get('/api/showcase');
  expect(res.status).toBe(200);
  return res.body.data;
};
const put = (token: string | undefined, body: unknown) => {
  const req = request(h.server).put('/api/showcase');
  return (token ? req.set(auth(token)) : req).send(body as object);
};
const modal = (content: string) => ({ type: 'modal', title: 'About us', content });

describe('GET /api/showcase', () => {
  it('when nobody is signed in, then the showcase answers with the club title and every section', async () => {
    const res = await request(h.server).get('/api/showcase');

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      hero: { title: 'TeamApp', subtitle: '' },
      navigation: { tickets: { enabled: false }, shop: { enabled: false } },
      featured: { main: null, side: [] },
      teamStats: { mens: { title: "Men's Team", record: '0-0-0', goalDifference: '0' } },
      news: [],
      videos: { featured: null, sidebar: [] },
      partners: [],
      live: true,
    });
    expect(res.body.data.hero.stats.map((s: { label: string }) => s.label)).toEqual([
      'Players',
      'Games Played',
      'Wins',
    ]);
  });

  it('when members join, games are scheduled and a result is recorded, then the hero, fixtures, record and top performers follow', async () => {
    for (const name of ['Ana', 'Ben']) {
      await h.service.deps.notifications.memberChanged({
        userId: randomUUID(),
        kind: 'joined',
        member: { name, email: `${name}@club.test`, role: 'player', profilePicture: null },
      });
    }
    await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .send({ appTitle: 'Riverside FC' });
    const [fixture] = await createEvent(events, coach.token, {
      title: 'vs Harbour Town',
      type: 'game',
      location: 'Riverside Park',
      description: 'County League\nBring the flags',
      eventDate: clubDateTime(4, '15:00'),
    });
    const [played] = await createEvent(events, coach.token, {
      title: 'vs Hill United',
      type: 'game',
      eventDate: clubDateTime(-3),
    });
    await request(events.server)
      .put(`/api/events/${played!.id}/result`)
      .set(eventsAuth(coach.token))
      .send({ ours: 2, theirs: 0, scorers: [{ userId: striker.userId, goals: 2, assists: 1 }] });

    const data = await showcase();

    expect(data.hero.title).toBe('Riverside FC');
    expect(data.hero.stats).toEqual([
      { value: '2', label: 'Players' },
      { value: '1', label: 'Games Played' },
      { value: '1', label: 'Wins' },
    ]);
    expect(data.fixtures).toHaveLength(1);
    expect(data.fixtures[0]).toMatchObject({
      id: fixture!.id,
      opponent: 'Harbour Town',
      location: 'Riverside Park',
      competition: 'County League',
      time: '3:00 PM',
      tickets: { available: false, url: '' },
      action: { type: 'modal', title: 'vs Harbour Town' },
    });
    expect(data.teamStats.mens).toMatchObject({ record: '1-0-0', goalDifference: '+2' });
    expect(data.players).toEqual([
      { name: 'Sam Striker', position: '', image: '', goals: 2, assists: 1, action: null },
    ]);
  });

  it('when tickets are enabled with a link, then each fixture offers TICKETS to that link', async () => {
    await createEvent(events, coach.token, {
      title: 'vs Lake City',
      type: 'game',
      eventDate: clubDateTime(6),
    });
    await put(admin, {
      navigation: {
        tickets: { enabled: true, action: { type: 'link', url: 'https://tickets.example/club' } },
        shop: { enabled: false },
      },
    });

    const data = await showcase();

    expect(data.fixtures.length).toBeGreaterThan(0);
    for (const f of data.fixtures) {
      expect(f.tickets).toEqual({ available: true, url: 'https://tickets.example/club' });
      expect(f.action).toMatchObject({ type: 'link', url: 'https://tickets.example/club' });
    }
  });

  it('when news posts exist, then the latest three are shown', async () => {
    for (let i = 1; i <= 4; i += 1) {
      newsPosts.push({
        id: `n${i}`,
        image: '',
        category: 'Club',
        date: new Date(Date.UTC(2026, 4, i)).toISOString(),
        title: `Post ${i}`,
        action: { type: 'modal', title: `Post ${i}`, content: '<p>Body</p>', image: '', url: '' },
      });
    }

    const data = await showcase();

    expect(data.news.map((n: { title: string }) => n.title)).toEqual([
      'Post 1',
      'Post 2',
      'Post 3',
    ]);
  });

  it('when the events service cannot be reached, then the showcase still answers with no fixtures and a zero record', async () => {
    const lonely = await startContent({ service: { news } });
    try {
      const res = await request(lonely.server).get('/api/showcase');

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        live: false,
        fixtures: [],
        players: [],
        teamStats: { mens: { record: '0-0-0', goalDifference: '0' } },
      });
    } finally {
      await lonely.close();
    }
  });
});

describe('PUT /api/showcase', () => {
  const edited = {
    subtitle: '  Community football since 1921 ',
    featured: {
      main: {
        title: 'Season tickets on sale',
        image: 'https://club.example/tickets.jpg',
        action: modal('<p>Buy at the <strong>club house</strong>.</p>'),
      },
      side: [{ title: 'Shop', action: { type: 'link', url: 'https://shop.example' } }],
    },
    videos: {
      featured: { title: 'Highlights', action: { type: 'link', url: 'https://video.example/1' } },
      sidebar: [],
    },
    partners: [{ name: 'Harbour Bank', logo: 'https://bank.example/logo.png' }],
    navigation: {
      tickets: { enabled: false },
      shop: { enabled: true, action: { type: 'link', url: 'https://shop.example' } },
    },
    leaguePosition: '3rd',
    joinEmail: 'join@riverside.example',
  };

  it('when an admin saves the edited parts, then they are stored and shown merged with the derived data', async () => {
    const res = await put(admin, edited);

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      hero: { title: 'TeamApp', subtitle: 'Community football since 1921' },
      teamStats: { mens: { position: '3rd' } },
      joinEmail: 'join@riverside.example',
      leaguePosition: '3rd',
      navigation: {
        shop: { enabled: true, action: { type: 'link', url: 'https://shop.example' } },
      },
      partners: [{ name: 'Harbour Bank', logo: 'https://bank.example/logo.png', action: null }],
    });
    const data = await showcase();
    expect(data.featured.main.action.content).toBe(
      '<p>Buy at the <strong>club house</strong>.</p>',
    );
    expect(data.featured.side[0].action).toMatchObject({
      type: 'link',
      url: 'https://shop.example',
    });
  });

  it.each(XSS_PAYLOADS)(
    'when a modal carries %s, then it is stored cleaned and cannot run script',
    async (payload) => {
      const res = await put(admin, {
        featured: { main: { title: 'News', action: modal(payload) }, side: [] },
      });

      expect(res.status).toBe(200);
      const stored = (await showcase()).featured.main.action.content as string;
      expect(scriptRisks(stored)).toEqual([]);
      expect(stored).not.toBe(payload);
    },
  );

  it.each([
    [
      {
        featured: {
          main: { title: 'x', action: { type: 'link', url: 'javascript:alert(1)' } },
          side: [],
        },
      },
      'url',
    ],
    [{ partners: [{ name: 'Bank', action: { type: 'link', url: 'data:text/html,hi' } }] }, 'url'],
    [{ partners: [{ name: 'Bank', logo: 'javascript:alert(1)' }] }, 'logo'],
    [{ featured: { main: { title: 'x', image: 'vbscript:x' }, side: [] } }, 'image'],
    [{ featured: { main: { title: 'x', action: { type: 'popup' } }, side: [] } }, 'type'],
    [{ featured: { main: { title: 'x', action: { type: 'link' } }, side: [] } }, 'url'],
    [{ joinEmail: 'not an address' }, 'joinEmail'],
    [{ partners: [{ name: '   ' }] }, 'name'],
    [{ subtitle: 42 }, 'subtitle'],
  ])(
    'when the input is bad (%j), then 400 naming %s and nothing is stored',
    async (body, field) => {
      await put(admin, edited);

      const res = await put(admin, body);

      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
      expect((await showcase()).hero.subtitle).toBe('Community football since 1921');
    },
  );

  it('when a player saves, then 403 with the admin-only message and nothing changes', async () => {
    const res = await put(player, { subtitle: 'Taken over' });

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(SHOWCASE_FORBIDDEN);
    expect((await showcase()).hero.subtitle).toBe('');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await put(undefined, { subtitle: 'Anonymous' });

    expect(res.status).toBe(401);
    expect((await showcase()).hero.subtitle).toBe('');
  });
});

describe('GET /internal/showcase-page', () => {
  it('when a crawler asks for the page, then the HTML already holds the title, Open Graph tags, fixtures and news, with the data and the light script that hydrate it', async () => {
    await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .send({ appTitle: 'Riverside <FC>' });
    await put(admin, { subtitle: 'Football & friends' });
    await createEvent(events, coach.token, {
      title: 'vs Page Rovers',
      type: 'game',
      location: 'North Field',
      eventDate: clubDateTime(5, '18:30'),
    });
    newsPosts.push({
      id: 'n1',
      image: '',
      category: 'Club',
      date: '2026-05-01T12:00:00.000Z',
      title: 'New kit revealed',
      action: { type: 'modal', title: 'New kit revealed', content: '', image: '', url: '' },
    });
    await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);

    const res = await request(h.server).get('/internal/showcase-page');

    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    const html = res.text;
    expect(html).toContain('<title>Riverside &lt;FC&gt;</title>');
    expect(html).not.toContain('<title>TeamApp</title>');
    expect(html).toContain('<meta name="description" content="Football &amp; friends" />');
    expect(html).toContain('<meta property="og:title" content="Riverside &lt;FC&gt;" />');
    expect(html).toContain('<meta property="og:description" content="Football &amp; friends" />');
    expect(html).toContain('<h1>Riverside &lt;FC&gt;</h1>');
    expect(html).toContain('Page Rovers');
    expect(html).toContain('6:30 PM');
    expect(html).toContain('North Field · ');
    expect(html).toContain('<strong>New kit revealed</strong>');
    expect(html).toContain('© 2025 Riverside &lt;FC&gt;. All rights reserved.');
    expect(html).toContain('<a class="sc-button sc-white" href="/login">LOGIN</a>');
    expect(html).toContain('<script defer src="/mfe/club/showcase.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('main.1234.js');
    // The data the light script hydrates with, as an attribute value: nothing in it is markup.
    const data = /<main id="root" data-showcase="([^"]*)">/.exec(html)?.[1];
    expect(data).toContain('Riverside &lt;FC&gt;');
    expect(data).not.toMatch(/[<>]/);
  });

  it('when the shell cannot be reached, then the page is still rendered (it needs no shell)', async () => {
    const lonely = await startContent();
    try {
      const res = await request(lonely.server).get('/internal/showcase-page');

      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>');
    } finally {
      await lonely.close();
    }
  });
});

describe('the kept showcase page', () => {
  /** Assembles the page once, the way the first visitor does, and says when it was kept. */
  const warm = async () => {
    await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);
    expect((await request(h.server).get('/api/showcase')).status).toBe(200);
    const at = h.service.deps.showcase.cachedAt();
    expect(at).toEqual(expect.any(Number));
    return at;
  };

  it('when strangers send requests that fail (unknown paths, methods a route lacks, refused writes), then the kept page stays', async () => {
    const at = await warm();

    const failing = [
      await request(h.server).post('/api/showcase/nothing-here').send({}),
      await request(h.server).delete('/api/showcase'),
      await request(h.server).post('/api/showcase').send({}),
      await request(h.server).patch('/api/settings').send({}),
      await request(h.server).delete('/api/settings'),
      await request(h.server).post('/api/settings/nothing-here').send({}),
      await request(h.server).put('/api/showcase').send({ subtitle: 'Anonymous' }),
      await request(h.server).post('/api/settings/reset'),
    ];

    expect(failing.map((res) => res.status)).toEqual([404, 405, 405, 405, 405, 404, 401, 401]);
    for (const res of failing) expect(res.body).toMatchObject({ success: false });
    expect(h.service.deps.showcase.cachedAt()).toBe(at);
  });

  it('when an admin writes successfully, then the kept page is dropped', async () => {
    await warm();

    const res = await put(admin, { subtitle: 'Fresh' });

    expect(res.status).toBe(200);
    // The save answers the new page, so a page is kept again: the one with the new subtitle.
    expect(res.body.data.hero.subtitle).toBe('Fresh');
    await request(h.server).post('/api/settings/reset').set(auth(admin));
    expect(h.service.deps.showcase.cachedAt()).toBeUndefined();
  });
});
