/**
 * Test harness: the real events app in-process on a throwaway database and the real Redis, with a
 * clock the test can move. Tokens are signed with the test key pair and backed by live sessions,
 * exactly as the auth service issues them; members join through the service's own consumer.
 */
import { randomUUID } from 'node:crypto';
import type { JobPayloads, QueueName, Role } from '@teamapp/contracts';
import { createQueues, payloadOf, type Queues } from '@teamapp/service-kit';
import {
  createTestDatabase,
  createTokenMinter,
  serviceTestEnv,
  testRedisPrefix,
  testRedisUrl,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createEventsService, type EventsService } from '../src/app';
import { loadEventsConfig } from '../src/config';

export const TEST_TIME_ZONE = 'America/Chicago';

export interface Member {
  userId: string;
  token: string;
  name: string;
  email: string;
}

export interface EventsHarness {
  service: EventsService;
  server: ReturnType<EventsService['app']['callback']>;
  /** A live token for a new user id (or the given one) of that role, not (yet) a known member. */
  userFor: (
    role: Role,
    userId?: string,
    options?: { mustChangePassword?: boolean },
  ) => Promise<{ userId: string; token: string }>;
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
  /** Producer side of the queues, on this harness's Redis prefix. */
  queues: Queues;
  /** Jobs published to a queue through the outbox so far. */
  published: <Q extends QueueName>(queue: Q) => Promise<JobPayloads[Q][]>;
  /** Moves the service's clock by ms (reminder delays are computed from it). */
  advance: (ms: number) => void;
  /** Stops the service's clock where it is (advance still moves it) until `unfreeze()`. */
  freeze: () => void;
  unfreeze: () => void;
  now: () => Date;
  close: () => Promise<void>;
}

export async function startEvents(
  options: { env?: Record<string, string> } = {},
): Promise<EventsHarness> {
  const database = await createTestDatabase();
  const prefix = testRedisPrefix();
  const redisUrl = testRedisUrl();
  const config = loadEventsConfig(
    serviceTestEnv(database, {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      CLUB_TIME_ZONE: TEST_TIME_ZONE,
      PUBLIC_URL: 'http://club.test',
      ...options.env,
    }),
  );
  let offset = 0;
  let frozenAt: number | undefined;
  const now = () => new Date((frozenAt ?? Date.now()) + offset);
  const service = await createEventsService(config, { now });
  const minter = createTokenMinter({ redisUrl, prefix });
  const queues = createQueues({ redisUrl, prefix });
  let counter = 0;
  return {
    service,
    server: service.app.callback(),
    userFor: (role, userId, options) => minter.userFor(role, { userId, ...options }),
    async memberFor(role, name) {
      counter += 1;
      const user = await minter.userFor(role);
      const member = {
        ...user,
        name: name ?? `${role === 'admin' ? 'Coach' : 'Player'} ${counter}`,
        email: `${role}${counter}-${randomUUID().slice(0, 8)}@club.test`,
      };
      await service.deps.members.memberChanged({
        userId: user.userId,
        kind: 'joined',
        member: { name: member.name, email: member.email, role, profilePicture: null },
      });
      return member;
    },
    queues,
    async published(queue) {
      await service.base.relay.flush();
      const jobs = await queues
        .queue(queue)
        .getJobs(['waiting', 'delayed', 'completed', 'active', 'failed']);
      return jobs.map((j) => payloadOf(j.data));
    },
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt = Date.now();
    },
    unfreeze: () => {
      frozenAt = undefined;
    },
    now,
    close: async () => {
      await queues.close();
      minter.close();
      await service.close();
      await database.drop();
    },
  };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An ISO date and time (club wall clock, no offset) days from now at hh:mm. */
export function clubDateTime(daysFromNow: number, time = '19:00'): string {
  const d = new Date(Date.now() + daysFromNow * 86_400_000);
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: TEST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
  return `${local}T${time}`;
}

/** Creates an event as the admin and returns the created events. */
export async function createEvent(
  h: EventsHarness,
  adminToken: string,
  body: Record<string, unknown> = {},
) {
  const res = await request(h.server)
    .post('/api/events')
    .set(auth(adminToken))
    .send({
      title: 'Training',
      eventDate: clubDateTime(7),
      location: 'Main Field',
      type: 'training',
      ...body,
    });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.events as { id: string; event_date: string; seriesId: string | null }[];
}

export { eventually } from '@teamapp/service-kit/testing';
