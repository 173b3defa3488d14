/**
 * No N+1: a list costs the same number of database round trips whatever the number of events,
 * answers and records in it. Counted at the driver (PGlite or node-postgres), under the ORM.
 */
import request from 'supertest';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';

let h: EventsHarness;
let admin: Member;
let players: Member[];
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
  players = await Promise.all([1, 2, 3].map(() => h.memberFor('player')));
});
afterAll(async () => {
  await h.close();
});

/** Runs fn and returns how many queries reached the database driver meanwhile. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  // The driver behind Drizzle: a PGlite instance or a pg Pool; both answer query().
  const client = (
    h.service.base.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }
  ).$client;
  const original = client.query;
  let count = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return count;
}

async function seriesOf(type: string, count: number) {
  const events = await createEvent(h, admin.token, {
    type,
    eventDate: clubDateTime(1),
    recurrence: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], count },
  });
  for (const [i, event] of events.entries()) {
    const player = players[i % players.length]!;
    await request(h.server)
      .post(`/api/events/${event.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'attending' });
  }
  await request(h.server)
    .post('/api/availability')
    .set(auth(players[0]!.token))
    .send({
      startDate: clubDateTime(3).slice(0, 10),
      endDate: clubDateTime(9).slice(0, 10),
      isAvailable: false,
    });
}

describe('list queries', () => {
  it('when a list has 2 or 40 events, then it takes the same number of queries', async () => {
    await seriesOf('meeting', 2);
    await seriesOf('social', 40);
    const list =
      (type: string, token = admin.token) =>
      async () => {
        const res = await request(h.server).get(`/api/events?type=${type}`).set(auth(token));
        expect(res.status).toBe(200);
      };

    const attendance = (type: string) => async () => {
      await request(h.server).get(`/api/attendance?type=${type}`).set(auth(admin.token));
    };

    // The caller's teams are kept once read (their scope): read once before counting.
    await list('training')();
    const small = await queriesDuring(list('meeting'));
    const large = await queriesDuring(list('social'));
    const smallAttendance = await queriesDuring(attendance('meeting'));
    const largeAttendance = await queriesDuring(attendance('social'));

    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    expect(smallAttendance).toBeGreaterThan(0);
    expect(largeAttendance).toBe(smallAttendance);
  });
});
