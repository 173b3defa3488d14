/**
 * Families in the schedule, on PGlite or the PostgreSQL at DATABASE_URL: a guardian answers and
 * adds absences for their children (`forUserId`), sees their children's teams' events with each
 * child's entry (`children`), reads GET /family, gets one reminder per event for their children
 * without a login, and has their children's events in their calendar feed. Sam (Rovers) and Eve
 * (Harbour) have no login, and Gina (their mother) answers for them; Otto is Dana's guardian.
 */
import { randomUUID } from 'node:crypto';
import { NOT_YOUR_CHILD, type Attendee, type TeamMembership } from '@teamapp/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { rsvps } from '../../db/schema';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
  publishedMails,
} from '../../../test/harness';

let h: EventsHarness;
let admin: Member;
let coach: Member;
let gina: Member;
let otto: Member;
let stranger: Member;
const ROVERS = randomUUID();
const HARBOUR = randomUUID();
const sam = { userId: randomUUID(), name: 'Sam Small' };
const eve = { userId: randomUUID(), name: 'Eve Small' };
const dana = { userId: randomUUID(), name: 'Dana Other' };
const ginaAsGuardian = () => ({ userId: gina.userId, name: gina.name, relation: 'Mother' });

const playerOf = (teamId: string): TeamMembership[] => [{ teamId, role: 'player' }];

async function child(
  who: { userId: string; name: string },
  teamId: string,
  guardians: { userId: string; name: string; relation: string | null }[],
  hasLogin = false,
) {
  await h.publishMember(who, { teams: playerOf(teamId), guardians, minor: true, hasLogin });
}

beforeAll(async () => {
  h = await startEvents();
  for (const [teamId, name] of [
    [ROVERS, 'Rovers'],
    [HARBOUR, 'Harbour'],
  ] as const) {
    await h.service.deps.teams.teamChanged({
      teamId,
      at: new Date().toISOString(),
      team: { name, colour: '#1864ab', public: false, archived: false },
    });
  }
  admin = await h.memberFor('admin');
  coach = await h.memberFor('player', 'Cody Coach');
  gina = await h.memberFor('player', 'Gina Small');
  otto = await h.memberFor('player', 'Otto Other');
  stranger = await h.memberFor('player', 'Stan Stranger');
  await h.publishMember(coach, { email: coach.email, teams: [{ teamId: ROVERS, role: 'coach' }] });
  await child(sam, ROVERS, [ginaAsGuardian()]);
  await child(eve, HARBOUR, [ginaAsGuardian()]);
  await child(dana, ROVERS, [{ userId: otto.userId, name: otto.name, relation: null }]);
});
afterAll(async () => {
  await h.close();
});

const roversEvent = async (body: Record<string, unknown> = {}) =>
  (await createEvent(h, admin.token, { teamId: ROVERS, eventDate: clubDateTime(5), ...body }))[0]!;

const rsvp = (token: string, eventId: string, body: Record<string, unknown>) =>
  request(h.server).post(`/api/events/${eventId}/rsvp`).set(auth(token)).send(body);

const answerRow = async (eventId: string, userId: string) =>
  (
    await h.service.base.db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, userId)))
  )[0];

const list = async (token: string, query = '') => {
  const res = await request(h.server).get(`/api/events${query}`).set(auth(token));
  expect(res.status).toBe(200);
  return res.body as {
    events: { id: string; attendees: Attendee[] }[];
    mine?: Record<string, Attendee>;
    children?: Record<string, Attendee[]>;
  };
};

describe('GET /api/attendance (Families)', () => {
  it('when a guardian answered for a child, then the attendance list names who answered; an own answer names nobody', async () => {
    const event = await roversEvent();
    await rsvp(gina.token, event.id, { status: 'attending', forUserId: sam.userId });
    await rsvp(coach.token, event.id, { status: 'maybe' });

    const res = await request(h.server).get('/api/attendance').set(auth(coach.token));

    expect(res.status).toBe(200);
    const listed = (
      res.body.data as { id: string; attendees: { userId: string; answeredBy?: unknown }[] }[]
    ).find((e) => e.id === event.id)!;
    expect(listed.attendees.find((a) => a.userId === sam.userId)).toMatchObject({
      status: 'attending',
      answeredBy: ginaAsGuardian(),
    });
    expect(listed.attendees.find((a) => a.userId === coach.userId)).toMatchObject({
      status: 'maybe',
    });
    expect(listed.attendees.find((a) => a.userId === coach.userId)).not.toHaveProperty(
      'answeredBy',
    );
  });
});

describe('POST /api/events/:id/rsvp with forUserId', () => {
  it('when a guardian answers for their child, then the answer is the child’s and names who gave it', async () => {
    const event = await roversEvent();

    const res = await rsvp(gina.token, event.id, { status: 'attending', forUserId: sam.userId });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: sam.userId,
      status: 'attending',
      answeredBy: ginaAsGuardian(),
    });
    expect(await answerRow(event.id, sam.userId)).toMatchObject({ answeredBy: gina.userId });
    expect(await answerRow(event.id, gina.userId)).toBeUndefined();
    // The team's coach sees who answered.
    const seen = (await list(coach.token)).events.find((e) => e.id === event.id)!;
    expect(seen.attendees.find((a) => a.user_id === sam.userId)).toMatchObject({
      status: 'attending',
      answeredBy: ginaAsGuardian(),
    });
  });

  it('when forUserId is not an identifier, then 400 names it', async () => {
    const event = await roversEvent();
    const res = await rsvp(gina.token, event.id, { status: 'attending', forUserId: 'sam' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/forUserId/);
  });

  it('when signed out, then 401', async () => {
    const event = await roversEvent();
    const res = await request(h.server)
      .post(`/api/events/${event.id}/rsvp`)
      .send({ status: 'attending', forUserId: sam.userId });
    expect(res.status).toBe(401);
  });

  it('when the caller is not the child’s guardian, then 403 NOT_YOUR_CHILD and nothing is recorded', async () => {
    const event = await roversEvent();

    for (const caller of [otto, coach, admin, stranger]) {
      const res = await rsvp(caller.token, event.id, { status: 'maybe', forUserId: sam.userId });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(NOT_YOUR_CHILD);
    }
    const unknown = await rsvp(gina.token, event.id, { status: 'maybe', forUserId: randomUUID() });
    expect(unknown.status).toBe(403);
    expect(await answerRow(event.id, sam.userId)).toBeUndefined();
  });

  it('when the child is not invited to the event, then it is not found', async () => {
    const [harbourOnly] = await createEvent(h, admin.token, {
      teamId: HARBOUR,
      eventDate: clubDateTime(5),
    });
    const res = await rsvp(gina.token, harbourOnly!.id, {
      status: 'attending',
      forUserId: sam.userId,
    });
    expect(res.status).toBe(404);
    expect(await answerRow(harbourOnly!.id, sam.userId)).toBeUndefined();
  });

  it('when the child answers themselves once they have a login, then answeredBy is cleared', async () => {
    const teen = { userId: randomUUID(), name: 'Tia Teen' };
    const ottoAsGuardian = { userId: otto.userId, name: otto.name, relation: 'Father' };
    await child(teen, ROVERS, [ottoAsGuardian]);
    const event = await roversEvent();
    await rsvp(otto.token, event.id, { status: 'attending', forUserId: teen.userId });
    const teenIn = async () =>
      (await list(otto.token)).children![event.id]!.find((a) => a.user_id === teen.userId);
    expect(await teenIn()).toMatchObject({ status: 'attending', answeredBy: ottoAsGuardian });
    await child(teen, ROVERS, [ottoAsGuardian], true);
    const { token } = await h.userFor('player', teen.userId);

    const res = await rsvp(token, event.id, { status: 'not-attending' });

    expect(res.status).toBe(200);
    expect(res.body.data.answeredBy).toBeUndefined();
    expect(await answerRow(event.id, teen.userId)).toMatchObject({
      status: 'not-attending',
      answeredBy: null,
    });
    // Otto's schedule shows the teen's own answer at once (his scope was dropped).
    const entry = await teenIn();
    expect(entry).toMatchObject({ status: 'not-attending' });
    expect(entry!.answeredBy).toBeUndefined();
  });
});

describe('GET /api/events for a guardian', () => {
  it('when a guardian reads the schedule, then it has their children’s teams’ events and each child’s entry', async () => {
    const rovers = await roversEvent({ title: 'Rovers Training' });
    const [harbour] = await createEvent(h, admin.token, {
      teamId: HARBOUR,
      title: 'Harbour Game',
      type: 'game',
      eventDate: clubDateTime(6),
    });
    const [clubWide] = await createEvent(h, admin.token, { title: 'Club Day' });
    const before = await list(gina.token);
    expect(before.children![rovers.id]).toEqual([
      { user_id: sam.userId, status: 'pending', response_date: null },
    ]);

    await rsvp(gina.token, rovers.id, { status: 'maybe', forUserId: sam.userId });
    const body = await list(gina.token);

    const ids = body.events.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([rovers.id, harbour!.id, clubWide!.id]));
    expect(ids.filter((id) => id === clubWide!.id)).toHaveLength(1);
    expect(body.children![rovers.id]).toEqual([
      expect.objectContaining({
        user_id: sam.userId,
        status: 'maybe',
        answeredBy: ginaAsGuardian(),
      }),
    ]);
    expect(body.children![harbour!.id]!.map((a) => a.user_id)).toEqual([eve.userId]);
    expect(body.children![clubWide!.id]!.map((a) => a.user_id).sort()).toEqual(
      expect.arrayContaining([sam.userId, eve.userId]),
    );
    // Her own entries are for the events she is invited to: the club-wide one only.
    expect(Object.keys(body.mine!)).toContain(clubWide!.id);
    expect(Object.keys(body.mine!)).not.toContain(rovers.id);
    // Players see no one's answer.
    expect(body.events.find((e) => e.id === rovers.id)!.attendees).toEqual([]);
  });

  it('when a guardian filters by a child’s team, then it is accepted; someone else gets 404', async () => {
    const rovers = await roversEvent();
    const body = await list(gina.token, `?teamId=${HARBOUR}`);
    expect(body.events.map((e) => e.id)).not.toContain(rovers.id);
    expect((await list(gina.token, `?teamId=${ROVERS}`)).children![rovers.id]).toHaveLength(1);
    const refused = await request(h.server)
      .get(`/api/events?teamId=${HARBOUR}`)
      .set(auth(stranger.token));
    expect(refused.status).toBe(404);
  });

  it('when a member has no children, then the list has no `children`', async () => {
    expect((await list(stranger.token)).children).toBeUndefined();
  });
});

describe('GET /api/family', () => {
  it('when a guardian asks, then each child comes with their teams and next events, answers included', async () => {
    const event = await roversEvent({ title: 'Family Training', eventDate: clubDateTime(1) });
    await rsvp(gina.token, event.id, { status: 'attending', forUserId: sam.userId });

    const res = await request(h.server).get('/api/family').set(auth(gina.token));

    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    const children = res.body.data.children as {
      id: string;
      name: string;
      teams: { id: string; name: string }[];
      events: { id: string; event_date: string; answer: Attendee }[];
    }[];
    expect(children.map((c) => c.name)).toEqual(['Eve Small', 'Sam Small']);
    const samEntry = children.find((c) => c.id === sam.userId)!;
    expect(samEntry.teams).toEqual([{ id: ROVERS, name: 'Rovers', colour: '#1864ab' }]);
    const dates = samEntry.events.map((e) => e.event_date);
    expect(dates).toEqual([...dates].sort());
    expect(samEntry.events.find((e) => e.id === event.id)!.answer).toMatchObject({
      status: 'attending',
      answeredBy: ginaAsGuardian(),
    });
    const eveEntry = children.find((c) => c.id === eve.userId)!;
    expect(eveEntry.events.map((e) => e.id)).not.toContain(event.id);
    expect(eveEntry.events.every((e) => e.answer.user_id === eve.userId)).toBe(true);
  });

  it('when a member has no children, then children is empty', async () => {
    const res = await request(h.server).get('/api/family').set(auth(stranger.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ children: [] });
  });

  it('when signed out, then 401', async () => {
    expect((await request(h.server).get('/api/family')).status).toBe(401);
  });
});

describe('/api/availability for a child', () => {
  it('when a guardian adds, lists and deletes a child’s absence, then it answers for the child as given by them', async () => {
    const event = await roversEvent({ eventDate: '2031-03-04T18:00' });

    const created = await request(h.server).post('/api/availability').set(auth(gina.token)).send({
      startDate: '2031-03-04',
      endDate: '2031-03-04',
      isAvailable: false,
      reason: 'Trip',
      forUserId: sam.userId,
    });

    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ user_id: sam.userId, reason: 'Trip' });
    expect(await answerRow(event.id, sam.userId)).toMatchObject({
      status: 'not-attending',
      auto: true,
      answeredBy: gina.userId,
    });
    expect((await list(gina.token)).children![event.id]![0]).toMatchObject({
      status: 'not-attending',
      auto: true,
      answeredBy: ginaAsGuardian(),
    });
    const listed = await request(h.server)
      .get(`/api/availability?forUserId=${sam.userId}`)
      .set(auth(gina.token));
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([created.body.data.id]);
    const own = await request(h.server).get('/api/availability').set(auth(gina.token));
    expect(own.body.data).toEqual([]);

    const deleted = await request(h.server)
      .delete(`/api/availability/${created.body.data.id}`)
      .set(auth(gina.token));
    expect(deleted.status).toBe(200);
    expect(await answerRow(event.id, sam.userId)).toBeUndefined();
  });

  it('when someone else names the child, then 403 NOT_YOUR_CHILD, nothing recorded; their delete is not found', async () => {
    const entry = {
      startDate: '2031-04-04',
      endDate: '2031-04-05',
      isAvailable: false,
      forUserId: sam.userId,
    };
    const refused = await request(h.server)
      .post('/api/availability')
      .set(auth(otto.token))
      .send(entry);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(NOT_YOUR_CHILD);
    const read = await request(h.server)
      .get(`/api/availability?forUserId=${sam.userId}`)
      .set(auth(otto.token));
    expect(read.status).toBe(403);
    const mine = await request(h.server)
      .get(`/api/availability?forUserId=${sam.userId}`)
      .set(auth(gina.token));
    expect(
      mine.body.data.filter((e: { start_date: string }) => e.start_date === '2031-04-04'),
    ).toEqual([]);

    const created = await request(h.server)
      .post('/api/availability')
      .set(auth(gina.token))
      .send(entry);
    const removed = await request(h.server)
      .delete(`/api/availability/${created.body.data.id}`)
      .set(auth(otto.token));
    expect(removed.status).toBe(404);
  });

  it('when forUserId is not an identifier, then 400; signed out, 401', async () => {
    const bad = await request(h.server)
      .post('/api/availability')
      .set(auth(gina.token))
      .send({ startDate: '2031-04-04', endDate: '2031-04-04', isAvailable: false, forUserId: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/forUserId/);
    const badQuery = await request(h.server)
      .get('/api/availability?forUserId=sam')
      .set(auth(gina.token));
    expect(badQuery.status).toBe(400);
    expect((await request(h.server).get(`/api/availability?forUserId=${sam.userId}`)).status).toBe(
      401,
    );
  });
});

/** The reminder mails published so far. */
const reminderMails = async () =>
  (await publishedMails(h)).flatMap((m) => (m.template === 'event-reminder' ? [m] : []));

/** Confirms a one-tap link as its page's button does. */
const confirmLink = (url: string) =>
  request(h.server).post(new URL(url).pathname).type('form').send({});

describe('reminders for children without a login', () => {
  it('when two children of a guardian who also plays have not answered, then she gets one mail and one notification for herself and both, the mail with her links and each child’s', async () => {
    const [event] = await createEvent(h, admin.token, {
      title: 'Family Fun Day',
      location: 'North Park',
      eventDate: '2031-06-07T10:00',
    });
    await rsvp(otto.token, event!.id, { status: 'attending', forUserId: dana.userId });

    await h.service.deps.reminders.send({
      eventId: event!.id,
      step: '24h',
      startsAt: event!.event_date,
    });

    const mails = (await reminderMails()).filter((m) => m.title.startsWith('Family Fun Day'));
    const ginas = mails.filter((m) => m.to === gina.email);
    // Her own reminder (she has not answered) and her children's, folded into one mail.
    expect(ginas.map((m) => m.title)).toEqual(['Family Fun Day']);
    expect(mails.filter((m) => m.to === otto.email).map((m) => m.title)).toEqual([
      'Family Fun Day',
    ]);
    const family = ginas[0]!;
    expect(family.answerLinks).toBeDefined();
    expect(family.children?.map((c) => c.name)).toEqual(['Eve Small', 'Sam Small']);
    const [eves, sams] = family.children!;
    expect((await confirmLink(eves!.answerLinks['not-attending'])).status).toBe(200);
    expect((await confirmLink(sams!.answerLinks.attending)).status).toBe(200);
    expect(await answerRow(event!.id, eve.userId)).toMatchObject({
      status: 'not-attending',
      answeredBy: gina.userId,
    });
    expect(await answerRow(event!.id, sam.userId)).toMatchObject({
      status: 'attending',
      answeredBy: gina.userId,
    });
    expect(await answerRow(event!.id, gina.userId)).toBeUndefined();
    const notes = (await h.published('notifications')).filter(
      (n) =>
        n.title === 'Reminder: Family Fun Day' &&
        'userIds' in n.audience &&
        n.audience.userIds.includes(gina.userId),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      audience: { userIds: [gina.userId] },
      message:
        'Sat, Jun 7, 2031, 10:00 AM at North Park. Let your team know whether you are going. Eve Small and Sam Small have not answered yet.',
      eventId: event!.id,
    });
    const reminded = (await h.published('notifications'))
      .filter((n) => n.title === 'Reminder: Family Fun Day')
      .flatMap((n) => ('userIds' in n.audience ? n.audience.userIds : []));
    expect(reminded).not.toContain(sam.userId);
    expect(reminded).not.toContain(eve.userId);
  });

  it('when one child has not answered, then the mail carries that child’s links, recorded as the guardian’s answer', async () => {
    const event = await roversEvent({ title: 'Link Training', eventDate: '2031-06-08T10:00' });
    await rsvp(otto.token, event.id, { status: 'attending', forUserId: dana.userId });

    await h.service.deps.reminders.send({
      eventId: event.id,
      step: '24h',
      startsAt: event.event_date,
    });

    const mail = (await reminderMails()).find((m) => m.title === 'Link Training (for Sam Small)');
    expect(mail?.to).toBe(gina.email);
    expect(mail!.children?.map((c) => c.name)).toEqual(['Sam Small']);
    expect((await confirmLink(mail!.children![0]!.answerLinks.maybe)).status).toBe(200);
    expect(await answerRow(event.id, sam.userId)).toMatchObject({
      status: 'maybe',
      answeredBy: gina.userId,
    });
    // The same link, once Gina is no longer Sam's guardian, answers nothing.
    const moved = await roversEvent({ eventDate: '2031-06-09T10:00' });
    await h.service.deps.reminders.send({
      eventId: moved.id,
      step: '24h',
      startsAt: moved.event_date,
    });
    await child(sam, ROVERS, []);
    try {
      const later = (await reminderMails()).find(
        (m) => m.to === gina.email && m.when.includes('Jun 9'),
      )!;
      expect((await confirmLink(later.children![0]!.answerLinks.attending)).status).toBe(403);
      expect(await answerRow(moved.id, sam.userId)).toBeUndefined();
    } finally {
      await child(sam, ROVERS, [ginaAsGuardian()]);
    }
  });
});

describe('a child in attendance and the season’s figures', () => {
  it('when a guardian answered Going for a child and the game is played, then the child counts as the team’s player', async () => {
    const [game] = await createEvent(h, admin.token, {
      teamId: ROVERS,
      type: 'game',
      title: 'Kids Cup',
      eventDate: new Date(h.now().getTime() + 3_600_000).toISOString(),
    });
    await rsvp(gina.token, game!.id, { status: 'attending', forUserId: sam.userId });
    h.advance(2 * 3_600_000);
    try {
      const attendance = await request(h.server)
        .get(`/api/attendance?teamId=${ROVERS}`)
        .set(auth(coach.token));
      const row = (
        attendance.body.data as { id: string; attendees: { userId: string; status: string }[] }[]
      ).find((e) => e.id === game!.id)!;
      expect(row.attendees.find((a) => a.userId === sam.userId)).toMatchObject({
        status: 'attending',
      });
      const stats = await request(h.server)
        .get(`/api/events/stats?teamId=${ROVERS}`)
        .set(auth(coach.token));
      expect(stats.status).toBe(200);
      const line = (stats.body.data.members as { userId: string; games: number }[]).find(
        (m) => m.userId === sam.userId,
      );
      expect(line?.games).toBeGreaterThanOrEqual(1);
    } finally {
      h.advance(-2 * 3_600_000);
    }
  });
});

describe('the guardian’s calendar feed', () => {
  it('when a guardian’s feed is read, then it has her children’s events once each, with their answers', async () => {
    const event = await roversEvent({ title: 'Feed Training', eventDate: '2031-07-01T18:00' });
    await rsvp(gina.token, event.id, { status: 'attending', forUserId: sam.userId });
    const url = (await request(h.server).get('/api/calendar/feed').set(auth(gina.token))).body.data
      .url as string;

    const feed = await request(h.server).get(new URL(url).pathname);

    expect(feed.status).toBe(200);
    const text = feed.text.replace(/\r\n /g, '');
    expect(text.split(`UID:${event.id}@teamapp`)).toHaveLength(2);
    expect(text).toContain('SUMMARY:Feed Training (Sam Small: Going)');
  });
});
