import {
  ASSIGNEE_NOT_MEMBER,
  TASK_CREATED,
  TASK_DELETED,
  TASK_NOT_FOUND,
  TASK_STATUS_UPDATED,
  TASK_UPDATED,
  TASKS_DELETE_FORBIDDEN,
  TASKS_MANAGE_FORBIDDEN,
  TASKS_UPDATE_FORBIDDEN,
} from '@teamapp/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  auth,
  board,
  clubDate,
  createTask,
  startTasks,
  type Member,
  type TaskBody,
  type TasksHarness,
} from '../../../test/harness';

let h: TasksHarness;
let admin: Member;
let player: Member;
beforeAll(async () => {
  h = await startTasks();
  admin = await h.memberFor('admin', 'Casey Coach');
  player = await h.memberFor('player', 'Pat Player');
});
afterAll(async () => {
  await h.close();
});

const put = (id: string, body: Record<string, unknown>, token = admin.token) =>
  request(h.server).put(`/api/club-tasks/${id}`).set(auth(token)).send(body);

/** The ids of one column, in board order, and whether its positions run 0, 1, 2 ... */
async function column(status: string) {
  const tasks = (await board(h, admin.token)).filter((t) => t.status === status);
  return {
    ids: tasks.map((t) => t.id),
    contiguous: tasks.every((t, i) => t.position === i),
  };
}

const among = (ids: string[], mine: TaskBody[]) =>
  ids.filter((id) => mine.some((t) => t.id === id));

describe('GET /api/club-tasks', () => {
  it('when a player opens the board, then every task is listed with its fields', async () => {
    const task = await createTask(h, admin.token, {
      title: 'Book the minibus',
      description: 'For the away game',
      priority: 'high',
      category: 'equipment',
      status: 'in-progress',
      assignee: 'Jordan',
      dueDate: '2031-03-14',
    });

    const res = await request(h.server).get('/api/club-tasks').set(auth(player.token));

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.tasks.find((t: TaskBody) => t.id === task.id)).toEqual({
      id: task.id,
      title: 'Book the minibus',
      description: 'For the away game',
      priority: 'high',
      category: 'equipment',
      status: 'in-progress',
      assignee: 'Jordan',
      assignee_id: null,
      due_date: '2031-03-14',
      position: expect.any(Number),
      overdue: false,
      created_by: admin.userId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('when tasks are listed, then they come column by column in board order', async () => {
    await createTask(h, admin.token, { status: 'completed' });
    await createTask(h, admin.token, { status: 'backlog' });
    await createTask(h, admin.token, { status: 'review' });

    const order = ['backlog', 'in-progress', 'review', 'completed'];
    const statuses = (await board(h, player.token)).map((t) => order.indexOf(t.status));

    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });

  it('when an open task is past its due date, then it is marked overdue; completed or due today is not', async () => {
    const late = await createTask(h, admin.token, { dueDate: clubDate(h, -1) });
    const done = await createTask(h, admin.token, {
      dueDate: clubDate(h, -3),
      status: 'completed',
    });
    const today = await createTask(h, admin.token, { dueDate: clubDate(h, 0) });
    const undated = await createTask(h, admin.token, { dueDate: null });

    const tasks = await board(h, player.token);
    const overdue = (id: string) => tasks.find((t) => t.id === id)!.overdue;

    expect(overdue(late.id)).toBe(true);
    expect(overdue(done.id)).toBe(false);
    expect(overdue(today.id)).toBe(false);
    expect(overdue(undated.id)).toBe(false);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/club-tasks');

    expect(res.status).toBe(401);
  });
});

describe('POST /api/club-tasks', () => {
  it('when an admin sends only a title, then documented defaults apply and the task is trimmed', async () => {
    const res = await request(h.server).post('/api/club-tasks').set(auth(admin.token)).send({
      title: '  Renew pitch booking  ',
      description: '  Call the council ',
      assignee: '  ',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: TASK_CREATED });
    expect(res.body.data).toMatchObject({
      title: 'Renew pitch booking',
      description: 'Call the council',
      assignee: 'Unassigned',
      assignee_id: null,
      priority: 'medium',
      category: 'operations',
      status: 'backlog',
      due_date: clubDate(h, 7),
      overdue: false,
    });
  });

  it('when a task is added to a column, then it starts there, at the end of it', async () => {
    const first = await createTask(h, admin.token, { status: 'review' });
    const second = await createTask(h, admin.token, { status: 'review' });

    const review = await column('review');

    expect(second.status).toBe('review');
    expect(review.ids.slice(-2)).toEqual([first.id, second.id]);
    expect(review.contiguous).toBe(true);
  });

  it('when the due date is null, then the task has no date', async () => {
    const task = await createTask(h, admin.token, { dueDate: null });

    expect(task.due_date).toBeNull();
  });

  it.each([
    ['the title is blank', { title: '   ' }, /title is required/],
    ['there is no title', {}, /title is required/],
    [
      'the status is unknown',
      { title: 'X', status: 'done' },
      /status must be one of backlog, in-progress, review, completed/,
    ],
    [
      'the priority is unknown',
      { title: 'X', priority: 'urgent' },
      /priority must be one of low, medium, high/,
    ],
    ['the category is unknown', { title: 'X', category: 'travel' }, /category must be one of/],
    ['the due date is words', { title: 'X', dueDate: 'next week' }, /dueDate must be a date/],
    [
      'the due date does not exist',
      { title: 'X', dueDate: '2031-02-30' },
      /dueDate must be a date/,
    ],
    [
      'the assignee id is no identifier',
      { title: 'X', assigneeId: 'someone' },
      /assigneeId must be a valid identifier/,
    ],
    ['the title is too long', { title: 'X'.repeat(201) }, /title must be at most 200 characters/],
  ])('when %s, then 400 naming the field', async (_case, body, message) => {
    const res = await request(h.server).post('/api/club-tasks').set(auth(admin.token)).send(body);

    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(message);
    expect(res.body.message).toBe(res.body.error);
  });

  it('when the assignee id is nobody the club knows, then 400', async () => {
    const res = await request(h.server)
      .post('/api/club-tasks')
      .set(auth(admin.token))
      .send({ title: 'X', assigneeId: randomUUID() });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ASSIGNEE_NOT_MEMBER);
  });

  it('when a player adds a task, then 403 with documented message in message and error', async () => {
    const res = await request(h.server)
      .post('/api/club-tasks')
      .set(auth(player.token))
      .send({ title: 'Not allowed' });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: TASKS_MANAGE_FORBIDDEN,
      error: TASKS_MANAGE_FORBIDDEN,
    });
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/club-tasks').send({ title: 'X' });

    expect(res.status).toBe(401);
  });
});

describe('PUT /api/club-tasks/{id}', () => {
  it('when an admin edits the fields, then they change and the status stays', async () => {
    const task = await createTask(h, admin.token, { status: 'in-progress' });

    const res = await put(task.id, {
      title: ' Order 30 bibs ',
      description: 'Two colours',
      priority: 'low',
      category: 'finances',
      assignee: '',
      dueDate: '2031-06-01',
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: TASK_UPDATED });
    expect(res.body.data).toMatchObject({
      id: task.id,
      title: 'Order 30 bibs',
      description: 'Two colours',
      priority: 'low',
      category: 'finances',
      assignee: 'Unassigned',
      due_date: '2031-06-01',
      status: 'in-progress',
    });
  });

  it('when only the status is sent, then the task moves to the end of that column', async () => {
    const task = await createTask(h, admin.token, { status: 'backlog' });
    await createTask(h, admin.token, { status: 'completed' });

    const res = await put(task.id, { status: 'completed' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: TASK_STATUS_UPDATED });
    expect(res.body.data.status).toBe('completed');
    const completed = await column('completed');
    expect(completed.ids.at(-1)).toBe(task.id);
    expect(completed.contiguous).toBe(true);
    expect((await column('backlog')).contiguous).toBe(true);
  });

  it('when the due date is cleared, then the task has no date', async () => {
    const task = await createTask(h, admin.token);

    const res = await put(task.id, { dueDate: '' });

    expect(res.body.data.due_date).toBeNull();
  });

  it.each([
    [{}, /at least one field/],
    [{ status: 'archived' }, /status must be one of/],
    [{ position: -1 }, /position must be a whole number/],
    [{ position: 1.5 }, /position must be a whole number/],
    [{ title: '  ' }, /title is required/],
    [{ priority: 'urgent' }, /priority must be one of/],
    [{ dueDate: '31/12/2031' }, /dueDate must be a date/],
  ])('when the body is %j, then 400', async (body, message) => {
    const task = await createTask(h, admin.token);

    const res = await put(task.id, body);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('when the id is not an identifier, then 400', async () => {
    const res = await put('not-an-id', { status: 'review' });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/id must be a valid identifier/);
  });

  it('when the task does not exist, then 404', async () => {
    const res = await put(randomUUID(), { status: 'review' });

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: TASK_NOT_FOUND, error: TASK_NOT_FOUND });
  });

  it('when a player changes a status, then 403 with documented message and nothing changes', async () => {
    const task = await createTask(h, admin.token);

    const res = await put(task.id, { status: 'review' }, player.token);

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: TASKS_UPDATE_FORBIDDEN,
      error: TASKS_UPDATE_FORBIDDEN,
    });
    expect((await board(h, admin.token)).find((t) => t.id === task.id)!.status).toBe('backlog');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server)
      .put(`/api/club-tasks/${randomUUID()}`)
      .send({ status: 'review' });

    expect(res.status).toBe(401);
  });
});

describe('moving and reordering cards', () => {
  it('when a card is moved to another column at a position, then it lands there and both columns renumber', async () => {
    const a = await createTask(h, admin.token, { status: 'in-progress' });
    const b = await createTask(h, admin.token, { status: 'in-progress' });
    const moving = await createTask(h, admin.token, { status: 'backlog' });

    const res = await put(moving.id, { status: 'in-progress', position: 0 });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TASK_STATUS_UPDATED);
    expect(res.body.data).toMatchObject({ status: 'in-progress', position: 0 });
    const target = await column('in-progress');
    expect(target.ids[0]).toBe(moving.id);
    expect(among(target.ids, [a, b])).toEqual([a.id, b.id]);
    expect(target.contiguous).toBe(true);
    const source = await column('backlog');
    expect(source.ids).not.toContain(moving.id);
    expect(source.contiguous).toBe(true);
  });

  it('when a card is reordered within its column, then the others keep their order around it', async () => {
    const [a, b, c] = [
      await createTask(h, admin.token, { status: 'review' }),
      await createTask(h, admin.token, { status: 'review' }),
      await createTask(h, admin.token, { status: 'review' }),
    ];
    const start = (await column('review')).ids.indexOf(a.id);

    const res = await put(c.id, { position: start });

    expect(res.status).toBe(200);
    const review = await column('review');
    expect(among(review.ids, [a, b, c])).toEqual([c.id, a.id, b.id]);
    expect(review.ids.indexOf(c.id)).toBe(start);
    expect(review.contiguous).toBe(true);
  });

  it('when the position is past the end of the column, then the card goes last', async () => {
    const task = await createTask(h, admin.token, { status: 'backlog' });

    const res = await put(task.id, { status: 'review', position: 9999 });

    const review = await column('review');
    expect(review.ids.at(-1)).toBe(task.id);
    expect(res.body.data.position).toBe(review.ids.length - 1);
  });

  it('when several cards are moved at once, then every column stays numbered without gaps or repeats', async () => {
    const cards = await Promise.all(
      Array.from({ length: 6 }, () => createTask(h, admin.token, { status: 'backlog' })),
    );

    const results = await Promise.all(
      cards.map((card, i) =>
        put(card.id, { status: i % 2 ? 'in-progress' : 'review', position: i % 3 }),
      ),
    );

    expect(results.map((r) => r.status)).toEqual(cards.map(() => 200));
    for (const status of ['backlog', 'in-progress', 'review']) {
      expect((await column(status)).contiguous).toBe(true);
    }
  });

  it('when the card is moved along with an edit, then both apply and the message is an update', async () => {
    const task = await createTask(h, admin.token, { status: 'backlog' });

    const res = await put(task.id, { title: 'Renamed', status: 'review', position: 0 });

    expect(res.body.message).toBe(TASK_UPDATED);
    expect(res.body.data).toMatchObject({ title: 'Renamed', status: 'review', position: 0 });
  });
});

describe('assigning a member', () => {
  it('when an admin assigns a member on create, then the name comes from the roster and they are notified', async () => {
    const member = await h.memberFor('player', 'Robin Roster');

    const task = await createTask(h, admin.token, {
      title: 'Collect kit money',
      assigneeId: member.userId,
      assignee: 'ignored',
      dueDate: '2031-05-09',
    });

    expect(task).toMatchObject({ assignee: 'Robin Roster', assignee_id: member.userId });
    const notes = (await h.published('notifications')).filter(
      (n) => n.title === 'Task assigned to you: Collect kit money',
    );
    expect(notes).toEqual([
      {
        audience: { userIds: [member.userId] },
        title: 'Task assigned to you: Collect kit money',
        message: 'Due Fri, May 9, 2031.',
        kind: 'tasks',
      },
    ]);
  });

  it('when a task is given to another member, then only the new assignee is notified', async () => {
    const first = await h.memberFor('player');
    const second = await h.memberFor('player');
    const task = await createTask(h, admin.token, {
      title: 'Wash the kit',
      assigneeId: first.userId,
      dueDate: null,
    });

    const res = await put(task.id, { assigneeId: second.userId });
    await put(task.id, { description: 'Both sets' });

    expect(res.body.data).toMatchObject({ assignee: second.name, assignee_id: second.userId });
    const notes = (await h.published('notifications')).filter(
      (n) => n.title === 'Task assigned to you: Wash the kit',
    );
    expect(notes.map((n) => n.audience)).toEqual(
      expect.arrayContaining([{ userIds: [first.userId] }, { userIds: [second.userId] }]),
    );
    expect(notes).toHaveLength(2);
    expect(
      notes.find((n) => 'userIds' in n.audience && n.audience.userIds[0] === second.userId),
    ).toMatchObject({ message: 'No due date.' });
  });

  it('when an admin assigns a task to themselves, then nobody is notified', async () => {
    await createTask(h, admin.token, { title: 'Self-assigned job', assigneeId: admin.userId });

    const notes = (await h.published('notifications')).filter(
      (n) => n.title === 'Task assigned to you: Self-assigned job',
    );
    expect(notes).toHaveLength(0);
  });

  it('when the assignee text is changed, then the task is no longer linked to the member', async () => {
    const member = await h.memberFor('player');
    const task = await createTask(h, admin.token, { assigneeId: member.userId });

    const res = await put(task.id, { assignee: 'Volunteer from parents' });

    expect(res.body.data).toMatchObject({
      assignee: 'Volunteer from parents',
      assignee_id: null,
    });
  });

  it('when the assignee id is removed, then the task is Unassigned', async () => {
    const member = await h.memberFor('player');
    const task = await createTask(h, admin.token, { assigneeId: member.userId });

    const res = await put(task.id, { assigneeId: null });

    expect(res.body.data).toMatchObject({ assignee: 'Unassigned', assignee_id: null });
  });

  it('when the member has left the club, then 400 and the task keeps its assignee', async () => {
    const leaver = await h.memberFor('player');
    await h.service.deps.members.memberChanged({ userId: leaver.userId, kind: 'left' });
    const task = await createTask(h, admin.token, { assignee: 'Sam' });

    const res = await put(task.id, { assigneeId: leaver.userId });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ASSIGNEE_NOT_MEMBER);
    expect((await board(h, admin.token)).find((t) => t.id === task.id)!.assignee).toBe('Sam');
  });
});

describe('DELETE /api/club-tasks/{id}', () => {
  it('when an admin deletes a task, then it is gone and its column renumbers', async () => {
    const task = await createTask(h, admin.token, { status: 'in-progress' });
    await createTask(h, admin.token, { status: 'in-progress' });

    const res = await request(h.server).delete(`/api/club-tasks/${task.id}`).set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: TASK_DELETED });
    const inProgress = await column('in-progress');
    expect(inProgress.ids).not.toContain(task.id);
    expect(inProgress.contiguous).toBe(true);
  });

  it('when the task does not exist, then 404', async () => {
    const res = await request(h.server)
      .delete(`/api/club-tasks/${randomUUID()}`)
      .set(auth(admin.token));

    expect(res.status).toBe(404);
    expect(res.body.message).toBe(TASK_NOT_FOUND);
  });

  it('when the id is not an identifier, then 400', async () => {
    const res = await request(h.server).delete('/api/club-tasks/42').set(auth(admin.token));

    expect(res.status).toBe(400);
  });

  it('when a player deletes a task, then 403 with documented message and the task stays', async () => {
    const task = await createTask(h, admin.token);

    const res = await request(h.server)
      .delete(`/api/club-tasks/${task.id}`)
      .set(auth(player.token));

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: TASKS_DELETE_FORBIDDEN,
      error: TASKS_DELETE_FORBIDDEN,
    });
    expect((await board(h, admin.token)).map((t) => t.id)).toContain(task.id);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).delete(`/api/club-tasks/${randomUUID()}`);

    expect(res.status).toBe(401);
  });
});
