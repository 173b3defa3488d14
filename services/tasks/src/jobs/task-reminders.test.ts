/**
 * Due-date reminders against the real Redis with a controlled clock: the delays are computed from
 * the service's clock, so "the day before at 9" can be made due in a few hundred ms, and the
 * handler is called directly with the clock set where a test needs it. No real waits.
 */
import request from 'supertest';
import { clubCalendar } from '../domain/club-time';
import { taskReminderJobId } from '../domain/reminders';
import {
  TEST_TIME_ZONE,
  auth,
  clubDate,
  createTask,
  eventually,
  startTasks,
  type Member,
  type TasksHarness,
} from '../../test/harness';

const DAY = 86_400_000;
const calendar = clubCalendar(TEST_TIME_ZONE);

let h: TasksHarness;
let admin: Member;
let player: Member;
beforeAll(async () => {
  h = await startTasks();
  admin = await h.memberFor('admin');
  player = await h.memberFor('player', 'Riley Runner');
});
afterAll(async () => {
  await h.close();
});

const reminders = () => h.service.base.queues.queue('task-reminders');
const reminderFor = (taskId: string, assigneeId: string, dueDate: string) =>
  reminders().getJob(taskReminderJobId(taskId, assigneeId, dueDate));
const put = (id: string, body: Record<string, unknown>) =>
  request(h.server).put(`/api/club-tasks/${id}`).set(auth(admin.token)).send(body);

/** Runs fn with the service's clock at the given instant, then puts it back. */
async function at<T>(instant: Date, fn: () => Promise<T>): Promise<T> {
  const shift = instant.getTime() - h.now().getTime();
  h.advance(shift);
  try {
    return await fn();
  } finally {
    h.advance(-shift);
  }
}

describe('scheduling reminders', () => {
  it('when a task is assigned to a member with a due date, then a reminder waits for the day before at 9', async () => {
    const dueDate = clubDate(h, 5);

    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    const job = await reminderFor(task.id, player.userId, dueDate);
    expect(await job?.getState()).toBe('delayed');
    expect(job!.data).toEqual({ taskId: task.id, assigneeId: player.userId, dueDate });
    const fireAt = calendar.reminderAt(dueDate).getTime();
    expect(job!.timestamp + job!.delay).toBeGreaterThan(fireAt - 10_000);
    expect(job!.timestamp + job!.delay).toBeLessThanOrEqual(fireAt + 10_000);
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: TEST_TIME_ZONE,
        hour: 'numeric',
        hour12: false,
      }).format(fireAt),
    ).toBe('09');
  });

  it('when a task has no member, no date, or is completed, then no reminder waits', async () => {
    const dueDate = clubDate(h, 5);
    const byName = await createTask(h, admin.token, { assignee: 'Jordan', dueDate });
    const undated = await createTask(h, admin.token, { assigneeId: player.userId, dueDate: null });
    const done = await createTask(h, admin.token, {
      assigneeId: player.userId,
      dueDate,
      status: 'completed',
    });

    const ids = (await reminders().getJobs(['delayed'])).map((j) => j.id ?? '');

    for (const task of [byName, undated, done]) {
      expect(ids.filter((id) => id.includes(task.id))).toEqual([]);
    }
  });

  it('when scheduling runs again (a restart), then each reminder is there once', async () => {
    const task = await createTask(h, admin.token, {
      assigneeId: player.userId,
      dueDate: clubDate(h, 6),
    });

    await h.service.deps.reminderScheduler.reconcile();
    await h.service.deps.reminderScheduler.reconcile();

    const ids = (await reminders().getJobs(['delayed'])).map((j) => j.id ?? '');
    expect(ids.filter((id) => id.includes(task.id))).toHaveLength(1);
  });

  it('when the due date moves, then the old reminder goes and a new one waits', async () => {
    const first = clubDate(h, 5);
    const later = clubDate(h, 9);
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate: first });

    await put(task.id, { dueDate: later });

    expect(await reminderFor(task.id, player.userId, first)).toBeUndefined();
    expect(await (await reminderFor(task.id, player.userId, later))?.getState()).toBe('delayed');
  });

  it('when the task goes to another member, then the reminder follows them', async () => {
    const other = await h.memberFor('player');
    const dueDate = clubDate(h, 5);
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    await put(task.id, { assigneeId: other.userId });

    expect(await reminderFor(task.id, player.userId, dueDate)).toBeUndefined();
    expect(await (await reminderFor(task.id, other.userId, dueDate))?.getState()).toBe('delayed');
  });

  it('when the task is completed, then its reminder is dropped; reopened, it waits again', async () => {
    const dueDate = clubDate(h, 5);
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    await put(task.id, { status: 'completed' });
    const afterDone = await reminderFor(task.id, player.userId, dueDate);
    await put(task.id, { status: 'review' });
    const afterReopen = await reminderFor(task.id, player.userId, dueDate);

    expect(afterDone).toBeUndefined();
    expect(await afterReopen?.getState()).toBe('delayed');
  });

  it('when the task is deleted, then its reminder is dropped', async () => {
    const dueDate = clubDate(h, 5);
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    await request(h.server).delete(`/api/club-tasks/${task.id}`).set(auth(admin.token));

    expect(await reminderFor(task.id, player.userId, dueDate)).toBeUndefined();
  });

  it('when a task changes without touching date, member or status, then its reminder stays', async () => {
    const dueDate = clubDate(h, 5);
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    await put(task.id, { title: 'Renamed', position: 0 });

    expect(await (await reminderFor(task.id, player.userId, dueDate))?.getState()).toBe('delayed');
  });
});

describe('sending a reminder', () => {
  it('when it runs the day before, then the assignee is notified once, even if it runs twice', async () => {
    const dueDate = '2031-05-09';
    const task = await createTask(h, admin.token, {
      title: 'Print match programmes',
      assigneeId: player.userId,
      dueDate,
    });
    const job = { taskId: task.id, assigneeId: player.userId, dueDate };

    const [first, second] = await at(calendar.reminderAt(dueDate), async () => [
      await h.service.deps.reminders.send(job),
      await h.service.deps.reminders.send(job),
    ]);

    expect(first).toBe(true);
    expect(second).toBe(false);
    const notes = (await h.published('notifications')).filter(
      (n) => n.title === 'Task due tomorrow: Print match programmes',
    );
    expect(notes).toEqual([
      {
        audience: { userIds: [player.userId] },
        title: 'Task due tomorrow: Print match programmes',
        message: 'Due Fri, May 9, 2031.',
        kind: 'tasks',
      },
    ]);
  });

  it('when the due date changed since the job was made, then the stale job sends nothing', async () => {
    const task = await createTask(h, admin.token, {
      assigneeId: player.userId,
      dueDate: '2031-06-10',
    });

    const sent = await at(calendar.reminderAt('2031-06-03'), () =>
      h.service.deps.reminders.send({
        taskId: task.id,
        assigneeId: player.userId,
        dueDate: '2031-06-03',
      }),
    );

    expect(sent).toBe(false);
  });

  it('when the task was completed, then it sends nothing', async () => {
    const dueDate = '2031-07-10';
    const task = await createTask(h, admin.token, {
      assigneeId: player.userId,
      dueDate,
      status: 'completed',
    });

    const sent = await at(calendar.reminderAt(dueDate), () =>
      h.service.deps.reminders.send({ taskId: task.id, assigneeId: player.userId, dueDate }),
    );

    expect(sent).toBe(false);
  });

  it('when the assignee has left the club, then it sends nothing', async () => {
    const leaver = await h.memberFor('player');
    const dueDate = '2031-08-10';
    const task = await createTask(h, admin.token, { assigneeId: leaver.userId, dueDate });
    await h.service.deps.members.memberChanged({ userId: leaver.userId, kind: 'left' });

    const sent = await at(calendar.reminderAt(dueDate), () =>
      h.service.deps.reminders.send({ taskId: task.id, assigneeId: leaver.userId, dueDate }),
    );

    expect(sent).toBe(false);
  });

  it('when the due date has passed by the time the job runs, then it sends nothing', async () => {
    const dueDate = '2031-09-10';
    const task = await createTask(h, admin.token, { assigneeId: player.userId, dueDate });

    const sent = await at(new Date(calendar.reminderAt(dueDate).getTime() + 3 * DAY), () =>
      h.service.deps.reminders.send({ taskId: task.id, assigneeId: player.userId, dueDate }),
    );

    expect(sent).toBe(false);
  });

  it('when the delay runs out, then the worker reminds the assignee through the real queue', async () => {
    const dueDate = clubDate(h, 4);
    // Move the clock so that the day before at 9 is 300 ms from "now", and hold it there: the
    // reminder is due 300 ms after it is scheduled however long saving the task takes (on a busy
    // machine more than 300 ms, and a reminder already due when scheduled is skipped).
    const shift = calendar.reminderAt(dueDate).getTime() - 300 - h.now().getTime();
    h.advance(shift);
    h.freeze();
    try {
      const task = await createTask(h, admin.token, {
        title: 'Quick reminder',
        assigneeId: player.userId,
        dueDate,
      });

      const note = await eventually(async () =>
        (await h.published('notifications')).find(
          (n) => n.title === 'Task due tomorrow: Quick reminder',
        ),
      );

      expect(note.audience).toEqual({ userIds: [player.userId] });
      const job = await reminderFor(task.id, player.userId, dueDate);
      await eventually(async () => (await job?.getState()) === 'completed');
    } finally {
      h.unfreeze();
      h.advance(-shift);
    }
  });
});
