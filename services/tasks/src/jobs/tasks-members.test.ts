/** The `tasks-members` consumer through the real queue: who a task can be assigned to. */
import { ASSIGNEE_NOT_MEMBER } from '@teamapp/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { auth, eventually, startTasks, type Member, type TasksHarness } from '../../test/harness';

let h: TasksHarness;
let admin: Member;
beforeAll(async () => {
  h = await startTasks();
  admin = await h.memberFor('admin');
});
afterAll(async () => {
  await h.close();
});

const assign = (userId: string) =>
  request(h.server)
    .post('/api/club-tasks')
    .set(auth(admin.token))
    .send({ title: 'Line the pitch', assigneeId: userId });

const snapshot = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@club.test`,
  role: 'player' as const,
  profilePicture: null,
});

describe('the tasks-members consumer', () => {
  it('when auth says a member joined, then tasks can go to them; when they left, not any more', async () => {
    const userId = randomUUID();
    const at = Date.now();

    await h.queues.add(
      'tasks-members',
      { userId, kind: 'joined', at: new Date(at).toISOString(), member: snapshot('Jo Joiner') },
      randomUUID(),
    );
    const assigned = await eventually(async () => {
      const res = await assign(userId);
      return res.status === 201 ? res : undefined;
    });
    expect(assigned.body.data).toMatchObject({ assignee: 'Jo Joiner', assignee_id: userId });

    await h.queues.add(
      'tasks-members',
      { userId, kind: 'left', at: new Date(at + 1000).toISOString() },
      randomUUID(),
    );
    const refused = await eventually(async () => {
      const res = await assign(userId);
      return res.status === 400 ? res : undefined;
    });
    expect(refused.body.error).toBe(ASSIGNEE_NOT_MEMBER);
  });

  it('when an older event arrives late, then it changes nothing', async () => {
    const userId = randomUUID();
    const at = Date.now();
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'left',
      at: new Date(at).toISOString(),
    });

    const applied = await h.service.deps.members.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at - 1000).toISOString(),
      member: snapshot('Late Comer'),
    });

    expect(applied).toBe(false);
    expect((await assign(userId)).status).toBe(400);
  });
});
