/**
 * A member who leaves the club loses their calendar feed, across auth and events: an admin
 * deactivates or deletes the member in auth, auth's outbox carries the `left` event to the
 * events service's own queue, and from then on the feed's secret URL answers 404.
 */
import { eventually, testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import {
  adminToken,
  bearer,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../services/auth/test/harness';
import { startEvents, type EventsHarness } from '../../services/events/test/harness';

let auth: AuthHarness;
let events: EventsHarness;
let admin: string;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_PREFIX: prefix });
  events = await startEvents({ env: { REDIS_PREFIX: prefix } });
  admin = await adminToken(auth);
});
afterAll(async () => {
  await events?.close();
  await auth?.close();
});

/** The member's feed URL, asked of the events service with the session auth gave them. */
async function feedOf(token: string): Promise<string> {
  const res = await request(events.server).get('/api/calendar/feed').set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data.url as string;
}

const fetchFeed = (url: string) => request(events.server).get(new URL(url).pathname);

const removals = {
  deactivated: (userId: string) =>
    request(auth.server)
      .put(`/api/user/profile/${userId}`)
      .set(bearer(admin))
      .send({ is_active: false }),
  deleted: (userId: string) =>
    request(auth.server).delete(`/api/user/${userId}`).set(bearer(admin)),
};

it.each(Object.keys(removals) as (keyof typeof removals)[])(
  'when an admin has a member %s in auth, then their calendar feed answers 404 in events',
  async (how) => {
    const player = await userWithToken(auth);
    const url = await feedOf(player.token);
    expect((await fetchFeed(url)).status).toBe(200);

    expect((await removals[how](player.user.id)).status).toBe(200);
    await auth.service.base.relay.flush();

    const gone = await eventually(async () => {
      const res = await fetchFeed(url);
      return res.status === 404 ? res : undefined;
    });
    expect(gone.body).toMatchObject({ success: false, error: 'Calendar feed not found' });
  },
);
