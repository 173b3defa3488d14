import { randomUUID } from 'node:crypto';
import request from 'supertest';
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
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
});
afterAll(async () => {
  await h.close();
});

type Attendee = { user_id: string; status: string; response_date: string | null };
type Counts = Record<'attending' | 'maybe' | 'not-attending' | 'pending', number>;
type ListedEvent = {
  id: string;
  title: string;
  attendees: Attendee[];
  counts: Counts;
  [k: string]: unknown;
};

async function listEvents(token: string, query = ''): Promise<ListedEvent[]> {
  const res = await request(h.server).get(`/api/events${query}`).set(auth(token));
  expect(res.status).toBe(200);
  return res.body.events;
}

const find = async (token: string, id: string) =>
  (await listEvents(token)).find((e) => e.id === id)!;

/** The caller's own entry for an event, as their list's `mine` has it. */
async function ownEntry(token: string, id: string): Promise<Attendee | undefined> {
  const res = await request(h.server).get('/api/events').set(auth(token));
  expect(res.status).toBe(200);
  return (res.body.mine as Record<string, Attendee>)[id];
}

describe('GET /api/events', () => {
  it('when a player asks, then every event counts every active member and carries no one’s entry; their own is in mine, pending without an answer', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { title: 'Friendly', type: 'game' });

    const res = await request(h.server).get('/api/events').set(auth(player.token));

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.timeZone).toBe('America/Chicago');
    const listed = res.body.events.find((e: ListedEvent) => e.id === event!.id);
    expect(listed).toMatchObject({
      title: 'Friendly',
      description: '',
      location: 'Main Field',
      type: 'game',
      isRequired: false,
      seriesId: null,
      recurrence: null,
      attended: 0,
      attendanceRecorded: false,
      attendees: [],
    });
    expect(listed.counts).toEqual({
      attending: 0,
      maybe: 0,
      'not-attending': 0,
      pending: expect.any(Number),
    });
    expect(listed.counts.pending).toBeGreaterThanOrEqual(2);
    expect(res.body.mine[event!.id]).toEqual({
      user_id: player.userId,
      status: 'pending',
      response_date: null,
    });
    // Every listed event has the player's entry, and the answer names no other member.
    expect(Object.keys(res.body.mine).sort()).toEqual(
      res.body.events.map((e: ListedEvent) => e.id).sort(),
    );
    expect(JSON.stringify(res.body)).not.toContain(admin.userId);
    expect(listed).not.toHaveProperty('away');
  });

  it('when an admin asks, then every event lists every active member, pending without an answer', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { title: 'Friendly', type: 'game' });

    const res = await request(h.server).get('/api/events').set(auth(admin.token));

    const listed = res.body.events.find((e: ListedEvent) => e.id === event!.id);
    expect(listed.attendees).toEqual(
      expect.arrayContaining([
        { user_id: player.userId, status: 'pending', response_date: null },
        { user_id: admin.userId, status: 'pending', response_date: null },
      ]),
    );
    expect(listed.counts.pending).toBe(listed.attendees.length);
    expect(res.body).not.toHaveProperty('mine');
  });

  it('when a player answers, then their mine and every member’s counts show it at once', async () => {
    const player = await h.memberFor('player');
    const other = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token);
    const counts = async (token: string) => (await find(token, event!.id)).counts;
    const before = await counts(other.token);
    expect(await ownEntry(player.token, event!.id)).toMatchObject({ status: 'pending' });
    expect(await counts(admin.token)).toEqual(before);

    const res = await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'maybe' });

    expect(res.status).toBe(200);
    expect(await ownEntry(player.token, event!.id)).toMatchObject({ status: 'maybe' });
    expect(await ownEntry(other.token, event!.id)).toMatchObject({ status: 'pending' });
    const after = { ...before, maybe: 1, pending: before.pending - 1 };
    expect(await counts(other.token)).toEqual(after);
    expect(await counts(player.token)).toEqual(after);
    expect(await counts(admin.token)).toEqual(after);
  });

  it('when an admin asks, then each event also says who is away', async () => {
    const [event] = await createEvent(h, admin.token);

    const listed = await find(admin.token, event!.id);

    expect(listed.away).toEqual([]);
  });

  it('when events are listed, then they come soonest first', async () => {
    await createEvent(h, admin.token, { eventDate: clubDateTime(30) });
    await createEvent(h, admin.token, { eventDate: clubDateTime(-30) });

    const dates = (await listEvents(admin.token)).map((e) => e.event_date as string);

    expect(dates).toEqual([...dates].sort());
  });

  it('when the client takes gzip, then the same list comes compressed; without, as plain JSON', async () => {
    await createEvent(h, admin.token, { title: 'Compressed Session' });

    const zipped = await request(h.server)
      .get('/api/events')
      .set(auth(admin.token))
      .set('Accept-Encoding', 'gzip');
    const plain = await request(h.server)
      .get('/api/events')
      .set(auth(admin.token))
      .set('Accept-Encoding', 'identity');

    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.body).toEqual(plain.body);
    expect(plain.body.events.map((e: ListedEvent) => e.title)).toContain('Compressed Session');
  });

  it('when filtered by type, then only that type comes back', async () => {
    await createEvent(h, admin.token, { type: 'social', title: 'BBQ' });

    const socials = await listEvents(admin.token, '?type=social');
    const all = await listEvents(admin.token, '?type=all');

    expect(socials.length).toBeGreaterThan(0);
    expect(socials.every((e) => e.type === 'social')).toBe(true);
    expect(all.length).toBeGreaterThan(socials.length);
  });

  it('when the type filter is unknown, then 400 naming type', async () => {
    const res = await request(h.server).get('/api/events?type=party').set(auth(admin.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('type');
  });

  it('when a member left the club, then they are no longer among the attendees', async () => {
    const leaving = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token);
    await h.service.deps.members.memberChanged({ userId: leaving.userId, kind: 'left' });

    const listed = await find(admin.token, event!.id);

    expect(listed.attendees.map((a) => a.user_id)).not.toContain(leaving.userId);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/events');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required. Please log in again.');
    expect(res.body.message).toBe(res.body.error);
  });
});

describe('POST /api/events', () => {
  it('when an admin creates an event, then 201 with the documented fields and the time read in the club zone', async () => {
    const res = await request(h.server).post('/api/events').set(auth(admin.token)).send({
      title: '  Cup Final ',
      description: 'Bring both kits',
      eventDate: '2030-07-01T19:00',
      location: 'City Stadium',
      type: 'game',
      isRequired: true,
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Event created successfully' });
    expect(res.body.data.events).toHaveLength(1);
    expect(res.body.data.events[0]).toMatchObject({
      title: 'Cup Final',
      description: 'Bring both kits',
      // 7:00 PM in Chicago (CDT, UTC-5) is midnight UTC.
      event_date: '2030-07-02T00:00:00.000Z',
      location: 'City Stadium',
      type: 'game',
      isRequired: true,
    });
  });

  it('when the date carries an offset, then that exact instant is kept', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: '2030-01-10T18:30:00Z' });
    expect(event!.event_date).toBe('2030-01-10T18:30:00.000Z');
  });

  it('when type and isRequired are left out, then training and not required', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({
        title: 'Session',
        eventDate: clubDateTime(3),
        location: 'Gym',
      });
    expect(res.status).toBe(201);
    expect(res.body.data.events[0]).toMatchObject({ type: 'training', isRequired: false });
  });

  it('when an upcoming event is created, then everyone is notified', async () => {
    await createEvent(h, admin.token, { title: 'Season Opener' });

    const notes = await h.published('notifications');

    expect(notes).toContainEqual(
      expect.objectContaining({
        audience: { everyone: true },
        title: 'New event: Season Opener',
      }),
    );
  });

  it.each([
    [{ title: '   ' }, 'title'],
    [{ title: undefined }, 'title'],
    [{ location: '' }, 'location'],
    [{ eventDate: 'tomorrow' }, 'eventDate'],
    [{ eventDate: '2030-02-30T19:00' }, 'eventDate'],
    [{ eventDate: '2030-13-01T19:00' }, 'eventDate'],
    [{ eventDate: 12 }, 'eventDate'],
    [{ type: 'party' }, 'type'],
    [{ isRequired: 'yes' }, 'isRequired'],
  ])('when the body has %j, then 400 naming %s and nothing is written', async (patch, field) => {
    const before = (await listEvents(admin.token)).length;

    const res = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({ title: 'T', eventDate: clubDateTime(2), location: 'L', ...patch });

    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
    expect(res.body.message).toBe(res.body.error);
    expect((await listEvents(admin.token)).length).toBe(before);
  });

  it('when the body is not JSON, then 400', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .set('Content-Type', 'application/json')
      .send('{"title":');
    expect(res.status).toBe(400);
  });

  it('when a player creates an event, then 403 with documented message in error and message', async () => {
    const player = await h.memberFor('player');

    const res = await request(h.server)
      .post('/api/events')
      .set(auth(player.token))
      .send({ title: 'Mine', eventDate: clubDateTime(2), location: 'Park' });

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only administrators can manage events');
    expect(res.body.message).toBe('Only administrators can manage events');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/events').send({});
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/events/:id', () => {
  it('when an admin changes an event, then it is saved and documented success comes back', async () => {
    const [event] = await createEvent(h, admin.token);

    const res = await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({
        title: 'Evening Training',
        description: 'Cones',
        eventDate: '2031-03-03T18:15',
        location: 'Back Field',
        type: 'training',
        isRequired: true,
      });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Event updated successfully' });
    expect(await find(admin.token, event!.id)).toMatchObject({
      title: 'Evening Training',
      description: 'Cones',
      event_date: '2031-03-04T00:15:00.000Z',
      location: 'Back Field',
      isRequired: true,
    });
  });

  it('when the place changes, then those attending or undecided are told, not those who cannot go', async () => {
    const going = await h.memberFor('player');
    const cannot = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { title: 'Moved Session' });
    for (const [m, status] of [
      [going, 'attending'],
      [cannot, 'not-attending'],
    ] as const) {
      await request(h.server)
        .post(`/api/events/${event!.id}/rsvp`)
        .set(auth(m.token))
        .send({ status });
    }

    await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({ title: 'Moved Session', eventDate: clubDateTime(7), location: 'Indoor Hall' });

    const note = (await h.published('notifications')).find(
      (n) => n.title === 'Event changed: Moved Session',
    );
    expect(note?.message).toContain('Indoor Hall');
    expect(note?.kind).toBe('events');
    // When the event starts, for quiet hours (reference §2).
    expect(note?.eventAt).toBe(new Date(event!.event_date).toISOString());
    const audience = 'userIds' in note!.audience ? note!.audience.userIds : [];
    expect(audience).toContain(going.userId);
    expect(audience).toContain(admin.userId);
    expect(audience).not.toContain(cannot.userId);
  });

  it('when an event tomorrow moves to next week, then the change names the earlier start, tomorrow', async () => {
    const [event] = await createEvent(h, admin.token, {
      title: 'Postponed Session',
      eventDate: clubDateTime(1),
    });

    await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({ title: 'Postponed Session', eventDate: clubDateTime(6), location: 'Main Field' });

    const note = (await h.published('notifications')).find(
      (n) => n.title === 'Event changed: Postponed Session',
    );
    // Those who would come tomorrow are told at once, even in quiet hours (reference §2).
    expect(note?.eventAt).toBe(new Date(event!.event_date).toISOString());
  });

  it('when the event does not exist, then 404', async () => {
    const res = await request(h.server)
      .put(`/api/events/${randomUUID()}`)
      .set(auth(admin.token))
      .send({ title: 'X', eventDate: clubDateTime(1), location: 'Y' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Event not found');
  });

  it('when the id is malformed, then 400 naming id', async () => {
    const res = await request(h.server)
      .put('/api/events/not-an-id')
      .set(auth(admin.token))
      .send({ title: 'X', eventDate: clubDateTime(1), location: 'Y' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('id');
  });

  it('when the body is invalid, then 400 and the event is unchanged', async () => {
    const [event] = await createEvent(h, admin.token, { title: 'Keep Me' });

    const res = await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({ title: 'Changed', eventDate: '07/01/2030', location: 'Y' });

    expect(res.status).toBe(400);
    expect(res.body.error).toContain('eventDate');
    expect((await find(admin.token, event!.id)).title).toBe('Keep Me');
  });

  it('when a player changes an event, then 403', async () => {
    const [event] = await createEvent(h, admin.token);
    const player = await h.memberFor('player');

    const res = await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(player.token))
      .send({ title: 'Mine', eventDate: clubDateTime(1), location: 'Y' });

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only administrators can manage events');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put(`/api/events/${randomUUID()}`).send({});
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/events/:id', () => {
  it('when an admin deletes an event, then it is gone and those Going are notified and mailed', async () => {
    const going = await h.memberFor('player', 'Gail Going');
    const maybe = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { title: 'Cancelled Cup' });
    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(going.token))
      .send({ status: 'attending' });
    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(maybe.token))
      .send({ status: 'maybe' });

    const res = await request(h.server).delete(`/api/events/${event!.id}`).set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Event deleted successfully',
      data: { deleted: 1 },
    });
    expect(await find(admin.token, event!.id)).toBeUndefined();
    const note = (await h.published('notifications')).find(
      (n) => n.title === 'Event cancelled: Cancelled Cup',
    );
    expect(note?.audience).toEqual({ userIds: [going.userId] });
    expect(note?.kind).toBe('events');
    expect(note?.eventAt).toBe(new Date(event!.event_date).toISOString());
    const mails = (await publishedMails(h)).filter(
      (m) => m.template === 'event-cancelled' && m.title === 'Cancelled Cup',
    );
    expect(mails).toEqual([
      expect.objectContaining({ to: going.email, name: 'Gail Going', location: 'Main Field' }),
    ]);
  });

  it('when the event does not exist, then 404', async () => {
    const res = await request(h.server)
      .delete(`/api/events/${randomUUID()}`)
      .set(auth(admin.token));
    expect(res.status).toBe(404);
  });

  it('when the id is malformed, then 400', async () => {
    const res = await request(h.server).delete('/api/events/123').set(auth(admin.token));
    expect(res.status).toBe(400);
  });

  it('when the scope is unknown, then 400 naming scope', async () => {
    const [event] = await createEvent(h, admin.token);
    const res = await request(h.server)
      .delete(`/api/events/${event!.id}?scope=all`)
      .set(auth(admin.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('scope');
  });

  it('when a player deletes an event, then 403 with the documented message and it stays', async () => {
    const [event] = await createEvent(h, admin.token);
    const player = await h.memberFor('player');

    const res = await request(h.server).delete(`/api/events/${event!.id}`).set(auth(player.token));

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only administrators can delete events');
    expect(res.body.message).toBe('Only administrators can delete events');
    expect(await find(admin.token, event!.id)).toBeDefined();
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).delete(`/api/events/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('POST /api/events/:id/rsvp', () => {
  it.each(['attending', 'maybe', 'not-attending'])(
    'when a player answers %s, then it is kept with its date',
    async (status) => {
      const player = await h.memberFor('player');
      const [event] = await createEvent(h, admin.token);

      const res = await request(h.server)
        .post(`/api/events/${event!.id}/rsvp`)
        .set(auth(player.token))
        .send({ status });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'RSVP updated successfully' });
      expect(await ownEntry(player.token, event!.id)).toEqual({
        user_id: player.userId,
        status,
        response_date: expect.any(String),
      });
    },
  );

  it('when a member changes their answer, then the newest one counts', async () => {
    const [event] = await createEvent(h, admin.token);
    const rsvp = (status: string) =>
      request(h.server)
        .post(`/api/events/${event!.id}/rsvp`)
        .set(auth(admin.token))
        .send({ status });
    await rsvp('maybe');
    await rsvp('attending');

    const mine = (await find(admin.token, event!.id)).attendees.find(
      (a) => a.user_id === admin.userId,
    );
    expect(mine?.status).toBe('attending');
  });

  it('when the status is unknown, then 400 naming status', async () => {
    const [event] = await createEvent(h, admin.token);
    const res = await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(admin.token))
      .send({ status: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('status');
  });

  it('when the event has already started, then 400 and no answer is kept', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(-2) });
    const res = await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(admin.token))
      .send({ status: 'attending' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This event has already started; answers are closed');
  });

  it('when the event does not exist, then 404', async () => {
    const res = await request(h.server)
      .post(`/api/events/${randomUUID()}/rsvp`)
      .set(auth(admin.token))
      .send({ status: 'maybe' });
    expect(res.status).toBe(404);
  });

  it('when the id is malformed, then 400', async () => {
    const res = await request(h.server)
      .post('/api/events/%27%3B--/rsvp')
      .set(auth(admin.token))
      .send({ status: 'maybe' });
    expect(res.status).toBe(400);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server)
      .post(`/api/events/${randomUUID()}/rsvp`)
      .send({ status: 'maybe' });
    expect(res.status).toBe(401);
  });
});

describe('a user who must choose a new password', () => {
  it('when they call any schedule route, then 403 password_change_required', async () => {
    const fresh = await h.userFor('player', undefined, { mustChangePassword: true });
    const calls = [
      request(h.server).get('/api/events'),
      request(h.server).get('/api/availability'),
      request(h.server).get('/api/calendar/feed'),
    ];

    for (const res of await Promise.all(calls.map((c) => c.set(auth(fresh.token))))) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('password_change_required');
    }
  });
});
