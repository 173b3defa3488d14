/**
 * Each write drops, once it has committed, the kept event lists it changes and only those: the
 * unfiltered list and the lists of the types of the events it touches (a member's change shows
 * in every list). Seen through GET /api/events on PGlite or the PostgreSQL at DATABASE_URL.
 */
import type { EventType, Role } from '@teamapp/contracts';
import request from 'supertest';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';
import { listScope, memberScope, type ListFilter } from '../../domain/list-cache';

let h: EventsHarness;
let admin: Member;
let player: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
  player = await h.memberFor('player');
});
afterAll(async () => {
  await h.close();
});

const FILTERS: ListFilter[] = ['all', 'training', 'game', 'meeting', 'social'];
const ROLES: Role[] = ['admin', 'player'];

/** Reads every list as an admin and as a player, so each is kept. */
async function readAll() {
  for (const member of [admin, player]) {
    for (const filter of FILTERS) {
      const query = filter === 'all' ? '' : `?type=${filter}`;
      const res = await request(h.server).get(`/api/events${query}`).set(auth(member.token));
      expect(res.status).toBe(200);
    }
  }
}

/** The lists no longer kept (each filter once, when both roles' answers went). */
function dropped(): ListFilter[] {
  const kept = h.service.deps.listCache.cache;
  return FILTERS.filter((filter) => {
    const gone = ROLES.map((role) => kept.keptAt(listScope(filter), role) === undefined);
    expect(new Set(gone).size).toBe(1);
    return gone[0];
  });
}

type Own = { user_id: string; status: string; reason?: string; auto?: boolean };

/** The caller's own entry for the event in their list of this type (its `mine`). */
const entryOf = async (token: string, type: EventType, eventId: string) => {
  const res = await request(h.server).get(`/api/events?type=${type}`).set(auth(token));
  expect(res.status).toBe(200);
  return (res.body.mine as Record<string, Own>)[eventId];
};
const answersOf = async (token: string, type: EventType, eventId: string) =>
  (await entryOf(token, type, eventId))?.status;

/** Whether the member's own answers are kept (their scope, read with their list). */
const ownKept = (member: Member) =>
  h.service.deps.listCache.cache.keptAt(memberScope(member.userId), 'answers') !== undefined;

it('when a member answers a game, then only the unfiltered and game lists are dropped, and they show the answer', async () => {
  const [game] = await createEvent(h, admin.token, { type: 'game', title: 'vs Rovers' });
  await readAll();
  expect(dropped()).toEqual([]);

  const res = await request(h.server)
    .post(`/api/events/${game!.id}/rsvp`)
    .set(auth(player.token))
    .send({ status: 'attending' });

  expect(res.status).toBe(200);
  expect(dropped()).toEqual(['all', 'game']);
  expect(await answersOf(player.token, 'game', game!.id)).toBe('attending');
});

it('when a training becomes a game, then the training, game and unfiltered lists are dropped', async () => {
  const [event] = await createEvent(h, admin.token, { type: 'training' });
  await readAll();

  const res = await request(h.server)
    .put(`/api/events/${event!.id}`)
    .set(auth(admin.token))
    .send({
      title: 'vs Harbour',
      eventDate: clubDateTime(7),
      location: 'Main Field',
      type: 'game',
    });

  expect(res.status).toBe(200);
  expect(dropped()).toEqual(['all', 'training', 'game']);
});

it('when a member is away on a meeting day, then the lists of that day’s events are dropped', async () => {
  await createEvent(h, admin.token, { type: 'meeting', eventDate: clubDateTime(30, '18:00') });
  await readAll();
  const day = clubDateTime(30).slice(0, 10);

  const res = await request(h.server)
    .post('/api/availability')
    .set(auth(player.token))
    .send({ startDate: day, endDate: day, isAvailable: false, reason: 'Away' });

  expect(res.status).toBe(201);
  expect(dropped()).toEqual(['all', 'meeting']);
});

it('when a write is refused, then nothing is dropped', async () => {
  const [game] = await createEvent(h, admin.token, { type: 'game' });
  await readAll();

  const res = await request(h.server).delete(`/api/events/${game!.id}`).set(auth(player.token));

  expect(res.status).toBe(403);
  expect(dropped()).toEqual([]);
});

it('when a member joins, then every list is dropped', async () => {
  await readAll();

  await h.memberFor('player');

  expect(dropped()).toEqual(FILTERS);
});

it('when a member answers, then their own answers are read afresh and no one else’s', async () => {
  const other = await h.memberFor('player');
  const [event] = await createEvent(h, admin.token, { type: 'training' });
  expect(await answersOf(player.token, 'training', event!.id)).toBe('pending');
  expect(await answersOf(other.token, 'training', event!.id)).toBe('pending');
  expect([ownKept(player), ownKept(other)]).toEqual([true, true]);

  await request(h.server)
    .post(`/api/events/${event!.id}/rsvp`)
    .set(auth(player.token))
    .send({ status: 'maybe' })
    .expect(200);

  expect([ownKept(player), ownKept(other)]).toEqual([false, true]);
  expect(await answersOf(player.token, 'training', event!.id)).toBe('maybe');
  expect(await answersOf(other.token, 'training', event!.id)).toBe('pending');
});

it('when an absence answers for a member, then their own entry shows it at once, and its removal takes it back', async () => {
  const away = await h.memberFor('player');
  const [event] = await createEvent(h, admin.token, {
    type: 'social',
    eventDate: clubDateTime(40, '18:00'),
  });
  expect(await answersOf(away.token, 'social', event!.id)).toBe('pending');
  const day = clubDateTime(40).slice(0, 10);

  const created = await request(h.server)
    .post('/api/availability')
    .set(auth(away.token))
    .send({ startDate: day, endDate: day, isAvailable: false, reason: 'Trip' });

  expect(created.status).toBe(201);
  expect(await entryOf(away.token, 'social', event!.id)).toEqual({
    user_id: away.userId,
    status: 'not-attending',
    response_date: expect.any(String),
    reason: 'Unavailable: Trip',
    auto: true,
  });

  // An event added on that day is answered by the absence, and shows so at once.
  await entryOf(away.token, 'social', event!.id);
  const [later] = await createEvent(h, admin.token, {
    type: 'social',
    eventDate: clubDateTime(40, '20:00'),
  });
  expect(await entryOf(away.token, 'social', later!.id)).toMatchObject({
    status: 'not-attending',
    auto: true,
  });

  await request(h.server)
    .delete(`/api/availability/${created.body.data.id}`)
    .set(auth(away.token))
    .expect(200);
  expect(await answersOf(away.token, 'social', event!.id)).toBe('pending');
});
