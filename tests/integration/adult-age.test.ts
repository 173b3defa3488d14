/**
 * The club's adult age (docs/reference.md "Families") reaches auth as an event: a club admin
 * changes it on content's settings, content publishes it through its outbox (queue
 * `auth-branding`), and auth republishes every member whose `minor` it flips.
 */
import { randomUUID } from 'node:crypto';
import { ADULT_AGE, type MemberEvent, type User } from '@teamapp/contracts';
import { clubToday } from '@teamapp/service-kit';
import { eventually, testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import {
  adminToken,
  bearer,
  publishedJobs,
  startAuth,
  type AuthHarness,
} from '../../services/auth/test/harness';
import { startContent, type ContentHarness } from '../../services/content/test/harness';

const ZONE = 'UTC';
let auth: AuthHarness;
let content: ContentHarness;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_PREFIX: prefix, CLUB_TIME_ZONE: ZONE });
  content = await startContent({ prefix });
});
afterAll(async () => {
  await content?.close();
  await auth?.close();
});

// Nothing here consumes the events service's copy of the member events.
const newest = async (userId: string): Promise<MemberEvent | undefined> =>
  (await publishedJobs(auth, 'events-members')).filter((e) => e.userId === userId).at(-1);

it('when a club admin lowers the adult age to 17, then auth republishes a 17-year-old as an adult; back to 18, a minor again', async () => {
  const admin = await adminToken(auth);
  const [y, m, d] = clubToday(ZONE).split('-');
  const dateOfBirth = `${Number(y) - 17}-${m}-${d === '29' && m === '02' ? '28' : d}`;
  const team = await request(auth.server)
    .post('/api/teams')
    .set(bearer(admin))
    .send({ name: `Age ${randomUUID().slice(0, 8)}` });
  const child = await request(auth.server)
    .post('/api/user/children')
    .set(bearer(admin))
    .send({ name: 'Robin Young', dateOfBirth, teamId: team.body.team.id });
  expect(child.status).toBe(201);
  const id = (child.body.data as User).id;
  expect((await newest(id))?.member?.minor).toBe(true);
  const contentAdmin = await content.tokenFor('admin');
  const setAge = (adultAge: number) =>
    request(content.server).put('/api/settings').set(bearer(contentAdmin)).send({ adultAge });

  expect((await setAge(17)).status).toBe(200);

  await eventually(async () => (await newest(id))?.member?.minor === false, {
    what: 'the 17-year-old republished as an adult',
  });
  const listed = await request(auth.server).get('/api/user/all').set(bearer(admin));
  expect((listed.body.data as User[]).find((u) => u.id === id)?.minor).toBe(false);

  expect((await setAge(ADULT_AGE)).status).toBe(200);

  await eventually(async () => (await newest(id))?.member?.minor === true, {
    what: 'the 17-year-old republished as a minor',
  });
});
