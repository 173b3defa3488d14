/**
 * Families on the public showcase (docs/reference.md "Families"): the club's `showcaseMinors`
 * setting (PUT /api/settings) names young players by first name and initial ('initial', the
 * default) or leaves them out ('hidden'), in GET /api/showcase and in the server-rendered page.
 * The scorers come from the real events service; who is a minor from content's member copy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DEFAULT_SHOWCASE_MINORS } from '@teamapp/contracts';
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

let events: EventsHarness;
let eventsServer: http.Server;
let h: ContentHarness;
let admin: string;
let player: string;
let young: Member;
let grownUp: Member;
beforeAll(async () => {
  events = await startEvents();
  const coach = await events.memberFor('admin', 'Casey Coach');
  young = await events.memberFor('player', 'Kit Youngblood');
  grownUp = await events.memberFor('player', 'Sam Striker');
  eventsServer = http.createServer(events.server);
  await new Promise<void>((resolve) => eventsServer.listen(0, '127.0.0.1', resolve));
  const eventsUrl = `http://127.0.0.1:${(eventsServer.address() as AddressInfo).port}`;
  h = await startContent({ env: { EVENTS_INTERNAL_URL: eventsUrl } });
  admin = await h.tokenFor('admin');
  player = await h.tokenFor('player');
  // Content learns who is who from auth's member events; the young player is under the adult age.
  // (and so does events, which says of each scorer whether they are one).
  for (const [member, minor] of [
    [young, true],
    [grownUp, false],
  ] as const) {
    await h.service.deps.notifications.memberChanged({
      userId: member.userId,
      kind: 'joined',
      member: {
        name: member.name,
        email: member.email,
        role: 'player',
        profilePicture: null,
        minor,
        guardians: [],
      },
    });
    await events.publishMember(member, { minor });
  }
  const [played] = await createEvent(events, coach.token, {
    title: 'vs Hill United',
    type: 'game',
    eventDate: clubDateTime(-3),
  });
  await request(events.server)
    .put(`/api/events/${played!.id}/result`)
    .set(eventsAuth(coach.token))
    .send({
      ours: 3,
      theirs: 0,
      scorers: [
        { userId: young.userId, goals: 2, assists: 0 },
        { userId: grownUp.userId, goals: 1, assists: 1 },
      ],
    });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => eventsServer.close(resolve));
  await events.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const setMinors = (token: string | undefined, showcaseMinors: unknown) => {
  const req = request(h.server).put('/api/settings');
  return (token ? req.set(auth(token)) : req).send({ showcaseMinors });
};
const fresh = () => h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);
const showcase = async () => {
  await fresh();
  const res = await request(h.server).get('/api/showcase');
  expect(res.status).toBe(200);
  return res.body.data;
};
const page = async () => {
  await fresh();
  const res = await request(h.server).get('/internal/showcase-page');
  expect(res.status).toBe(200);
  return res.text;
};

describe('the showcaseMinors setting', () => {
  it("when nobody chose, then it is 'initial'; an admin's choice is stored and a branding reset keeps it", async () => {
    expect((await request(h.server).get('/api/settings')).body.data.showcaseMinors).toBe(
      DEFAULT_SHOWCASE_MINORS,
    );

    const res = await setMinors(admin, 'hidden');
    await request(h.server).post('/api/settings/reset').set(auth(admin));

    expect(res.status).toBe(200);
    expect(res.body.data.showcaseMinors).toBe('hidden');
    expect((await request(h.server).get('/api/settings')).body.data.showcaseMinors).toBe('hidden');
    await setMinors(admin, 'initial');
  });

  it('when the value is not one of the two, then 400 naming the field', async () => {
    const res = await setMinors(admin, 'full');

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('showcaseMinors must be initial or hidden');
  });

  it('when a player tries, then 403 and nothing changes; signed out, 401', async () => {
    expect((await setMinors(player, 'hidden')).status).toBe(403);
    expect((await setMinors(undefined, 'hidden')).status).toBe(401);
    expect((await request(h.server).get('/api/settings')).body.data.showcaseMinors).toBe('initial');
  });
});

describe('young players on the showcase', () => {
  it("when the setting is 'initial', then a young scorer shows by first name and initial, in the JSON and the page, and adults in full", async () => {
    await setMinors(admin, 'initial');

    const data = await showcase();
    const html = await page();

    expect(data.players.map((p: { name: string; goals: number }) => [p.name, p.goals])).toEqual([
      ['Kit Y.', 2],
      ['Sam Striker', 1],
    ]);
    expect(JSON.stringify(data)).not.toContain('Youngblood');
    expect(html).toContain('Kit Y.');
    expect(html).toContain('Sam Striker');
    expect(html).not.toContain('Youngblood');
  });

  it("when the setting is 'hidden', then a young scorer is left out entirely, in the JSON and the page", async () => {
    await setMinors(admin, 'hidden');

    const data = await showcase();
    const html = await page();

    expect(data.players.map((p: { name: string }) => p.name)).toEqual(['Sam Striker']);
    expect(JSON.stringify(data)).not.toContain('Kit');
    expect(html).not.toContain('Kit');
    expect(html).toContain('Sam Striker');
    await setMinors(admin, 'initial');
  });

  it('when an adult has the same name as a young player, then the adult shows in full and the young player shortened', async () => {
    const namesake = await events.memberFor('player', 'Kit Youngblood');
    await h.service.deps.notifications.memberChanged({
      userId: namesake.userId,
      kind: 'joined',
      member: { ...namesake, role: 'player', profilePicture: null, minor: false, guardians: [] },
    });
    const coach = await events.memberFor('admin', 'Cora Coach');
    const [game] = await createEvent(events, coach.token, {
      title: 'vs Dale Rovers',
      type: 'game',
      eventDate: clubDateTime(-2),
    });
    await request(events.server)
      .put(`/api/events/${game!.id}/result`)
      .set(eventsAuth(coach.token))
      .send({ ours: 1, theirs: 0, scorers: [{ userId: namesake.userId, goals: 1, assists: 0 }] });

    const data = await showcase();

    expect(data.players.map((p: { name: string; goals: number }) => [p.name, p.goals])).toEqual([
      ['Kit Y.', 2],
      ['Sam Striker', 1],
      ['Kit Youngblood', 1],
    ]);
  });

  it('when the member grows up (an event says they are no longer a minor), then their full name shows again', async () => {
    await h.service.deps.notifications.memberChanged({
      userId: young.userId,
      kind: 'updated',
      at: new Date(Date.now() + 60_000).toISOString(),
      member: { name: young.name, email: young.email, role: 'player', profilePicture: null },
    });
    await events.publishMember(young, { minor: false });

    const data = await showcase();

    expect(data.players.map((p: { name: string }) => p.name)).toContain('Kit Youngblood');
  });
});
