/**
 * Test harness: the real events app in-process on a throwaway database and the real Redis, with a
 * clock the test can move. Tokens are signed with the test key pair and backed by live sessions,
 * exactly as the auth service issues them; members join through the service's own consumer.
 */
import type { MemberEvent, Role } from '@teamapp/contracts';
import {
  memberFactory,
  startServiceHarness,
  testClock,
  type ServiceHarness,
  type TestClock,
  type TestMember,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createEventsService, type EventsService } from '../src/app';
import { loadEventsConfig } from '../src/config';

export const TEST_TIME_ZONE = 'America/Chicago';

export type Member = TestMember;

/** The service's clock (reminder delays are computed from it) is the harness's `TestClock`. */
export interface EventsHarness extends Omit<ServiceHarness<EventsService>, 'userFor'>, TestClock {
  /** A live token for a new user id (or the given one) of that role, not (yet) a known member. */
  userFor: (
    role: Role,
    userId?: string,
    options?: { mustChangePassword?: boolean },
  ) => Promise<{ userId: string; token: string }>;
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
  /**
   * Publishes auth's member event for this member (as auth does on each change), each later than
   * the one before; the snapshot's fields default to a player with no team, guardians or login
   * question asked.
   */
  publishMember: (
    member: { userId: string; name: string; email?: string },
    snapshot?: Partial<NonNullable<MemberEvent['member']>>,
  ) => Promise<void>;
}

export async function startEvents(
  options: { env?: Record<string, string> } = {},
): Promise<EventsHarness> {
  const serviceClock = testClock();
  const { now } = serviceClock;
  const h = await startServiceHarness({
    loadConfig: loadEventsConfig,
    create: (config) => createEventsService(config, { now }),
    env: {
      CLUB_TIME_ZONE: TEST_TIME_ZONE,
      PUBLIC_URL: 'http://club.test',
      ...options.env,
    },
  });
  // Ahead of the clock: `joined` events the harness sends carry the time they are handled.
  let clock = Date.now() + 3_600_000;
  return {
    ...h,
    publishMember: async (member, snapshot = {}) => {
      await h.service.deps.members.memberChanged({
        userId: member.userId,
        kind: 'updated',
        at: new Date((clock += 1000)).toISOString(),
        member: {
          name: member.name,
          email: member.email ?? '',
          role: 'player',
          profilePicture: null,
          ...snapshot,
        },
      });
    },
    userFor: (role, userId, options) => h.userFor(role, { userId, ...options }),
    memberFor: memberFactory(h.userFor, (event) => h.service.deps.members.memberChanged(event)),
    ...serviceClock,
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

/**
 * The mails published so far: each travels with its notification (`mails` by recipient), which
 * content sends as the member's preferences say (reference §2).
 */
export const publishedMails = async (h: Pick<EventsHarness, 'published'>) =>
  (await h.published('notifications')).flatMap((n) => Object.values(n.mails ?? {}));
