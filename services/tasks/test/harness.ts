/**
 * Test harness: the real tasks app in-process on a throwaway database and the real Redis, with a
 * clock the test can move. Tokens are signed with the test key pair and backed by live sessions,
 * exactly as the auth service issues them; members join through the service's own use case, as
 * the `tasks-members` consumer does.
 */
import type { Role } from '@teamapp/contracts';
import {
  memberFactory,
  startServiceHarness,
  testClock,
  type ServiceHarness,
  type TestClock,
  type TestMember,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createTasksService, type TasksService } from '../src/app';
import { loadTasksConfig } from '../src/config';

export const TEST_TIME_ZONE = 'America/Chicago';

export type Member = TestMember;

/** The service's clock (reminder delays and "today" are computed from it) is a `TestClock`. */
export interface TasksHarness extends ServiceHarness<TasksService>, TestClock {
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
}

export async function startTasks(
  options: { env?: Record<string, string> } = {},
): Promise<TasksHarness> {
  const serviceClock = testClock();
  const { now } = serviceClock;
  const h = await startServiceHarness({
    loadConfig: loadTasksConfig,
    create: (config) => createTasksService(config, { now }),
    env: { CLUB_TIME_ZONE: TEST_TIME_ZONE, ...options.env },
  });
  return {
    ...h,
    memberFor: memberFactory(h.userFor, (event) => h.service.deps.members.memberChanged(event)),
    ...serviceClock,
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
