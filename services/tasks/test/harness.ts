/**
 * Test harness: the real tasks app in-process on a throwaway database and the real Redis, with a
 * clock the test can move. Tokens are signed with the test key pair and backed by live sessions,
 * exactly as the auth service issues them; members join through the service's own use case, as
 * the `tasks-members` consumer does.
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
import { createTasksService, type TasksService } from '../src/app';
import { loadTasksConfig } from '../src/config';

export const TEST_TIME_ZONE = 'America/Chicago';

export interface Member {
  userId: string;
  token: string;
  name: string;
  email: string;
}

export interface TasksHarness {
  service: TasksService;
  server: ReturnType<TasksService['app']['callback']>;
  /** A live token for a new user id of that role, not (yet) a known member. */
  userFor: (role: Role) => Promise<{ userId: string; token: string }>;
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
  /** Producer side of the queues, on this harness's Redis prefix. */
  queues: Queues;
  /** Jobs published to a queue through the outbox so far. */
  published: <Q extends QueueName>(queue: Q) => Promise<JobPayloads[Q][]>;
  /** Moves the service's clock by ms (reminder delays and "today" are computed from it). */
  advance: (ms: number) => void;
  now: () => Date;
  close: () => Promise<void>;
}

export async function startTasks(
  options: { env?: Record<string, string> } = {},
): Promise<TasksHarness> {
  const database = await createTestDatabase();
  const prefix = testRedisPrefix();
  const redisUrl = testRedisUrl();
  const config = loadTasksConfig(
    serviceTestEnv(database, {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      CLUB_TIME_ZONE: TEST_TIME_ZONE,
      ...options.env,
    }),
  );
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const service = await createTasksService(config, { now });
  const minter = createTokenMinter({ redisUrl, prefix });
  const queues = createQueues({ redisUrl, prefix });
  let counter = 0;
  return {
    service,
    server: service.app.callback(),
    userFor: (role) => minter.userFor(role),
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

/** The club's date (YYYY-MM-DD) days from the harness's now. */
export function clubDate(h: Pick<TasksHarness, 'now'>, daysFromNow = 0): string {
  const d = new Date(h.now().getTime() + daysFromNow * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TEST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

export interface TaskBody {
  id: string;
  title: string;
  status: string;
  position: number;
  assignee: string;
  assignee_id: string | null;
  due_date: string | null;
  overdue: boolean;
}

/** Creates a task as the admin and returns it. */
export async function createTask(
  h: TasksHarness,
  adminToken: string,
  body: Record<string, unknown> = {},
): Promise<TaskBody> {
  const res = await request(h.server)
    .post('/api/club-tasks')
    .set(auth(adminToken))
    .send({ title: 'Order new bibs', ...body });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as TaskBody;
}

/** The board's tasks as the admin sees them. */
export async function board(h: TasksHarness, token: string): Promise<TaskBody[]> {
  const res = await request(h.server).get('/api/club-tasks').set(auth(token));
  if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
  return res.body.tasks as TaskBody[];
}

export { eventually } from '@teamapp/service-kit/testing';
