/**
 * Consumer contract for the club-development board (reference §7's club-tasks calls and the
 * moves and member assignees), driven through the board's own fetchers (`clubTasksCalls`), so a
 * change to what the board sends or where fails here. Written to
 * pacts/teamapp-web-teamapp-tasks.json and verified against the real tasks service in
 * services/tasks/test/pact.
 */
import {
  bearer,
  DATE,
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { TaskInput, TaskUpdate } from '@teamapp/contracts';
import { clubTasksCalls as board } from './club-tasks';

const { regex, eachLike, string, boolean, integer } = MatchersV3;
const { task: TASK_ID, player: PLAYER_ID } = STATE_IDS;
/** Ids the provider states create their records with. */

const pact = webPact('teamapp-tasks');

const clubTask = {
  id: string(TASK_ID),
  title: string('Order new bibs'),
  description: string(''),
  priority: regex('^(low|medium|high)$', 'medium'),
  category: regex('^(roster|finances|operations|equipment|marketing)$', 'operations'),
  status: regex('^(backlog|in-progress|review|completed)$', 'backlog'),
  assignee: string('Unassigned'),
  assignee_id: null,
  due_date: regex(DATE, '2030-07-01'),
  position: integer(0),
  overdue: boolean(false),
  created_by: string(PLAYER_ID),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  updated_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

const newTask: TaskInput = {
  title: 'Book the minibus',
  description: 'For the away game',
  priority: 'high',
  assignee: '',
  dueDate: '2030-07-01',
  status: 'in-progress',
  category: 'equipment',
};

/** The edit dialog sends the create fields minus status (reference §7). */
const { status: _status, ...editedTask }: TaskUpdate = { ...newTask, title: 'Book two minibuses' };

const forbidden = (text: string) => ({ success: false, error: text, message: text });

describe('teamapp-web → teamapp-tasks: the club-development board', () => {
  it('when a member opens the board, then every task comes back', async () => {
    await pact
      .addInteraction()
      .given('a task exists and a player is signed in')
      .uponReceiving('a list of club tasks')
      .withRequest('GET', '/api/club-tasks', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, tasks: eachLike(clubTask) }))
      .executeTest(async (mock) => {
        const res = await board.list(requestFor(mock.url));
        expect(res.tasks[0]?.id).toBe(TASK_ID);
      });
  });

  it('when an admin adds a task to a column, then documented success and the task', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new club task')
      .withRequest('POST', '/api/club-tasks', (b) => b.headers(json).jsonBody(newTask))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task created successfully',
          data: {
            ...clubTask,
            title: 'Book the minibus',
            status: 'in-progress',
            assignee: 'Unassigned',
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.create(requestFor(mock.url), newTask);
        expect(res.message).toBe('Task created successfully');
      });
  });

  it('when the title is blank, then 400 naming it', async () => {
    const body = { ...newTask, title: '   ' };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new club task without a title')
      .withRequest('POST', '/api/club-tasks', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: 'title is required',
          message: 'title is required',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(board.create(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 400, message: 'title is required' });
      });
  });

  it('when a player adds a task, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a new club task from a player')
      .withRequest('POST', '/api/club-tasks', (b) => b.headers(json).jsonBody(newTask))
      .willRespondWith(403, (b) => b.jsonBody(forbidden('Only administrators can manage tasks')))
      .executeTest(async (mock) => {
        const error = await failure(board.create(requestFor(mock.url), newTask));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can manage tasks',
        });
      });
  });

  it('when an admin edits a task, then documented success and the task', async () => {
    await pact
      .addInteraction()
      .given('a task exists and an admin is signed in')
      .uponReceiving('an edit of a club task')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) => b.headers(json).jsonBody(editedTask))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task updated successfully',
          data: { ...clubTask, title: 'Book two minibuses' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.update(requestFor(mock.url), TASK_ID, editedTask);
        expect(res.message).toBe('Task updated successfully');
      });
  });

  it('when an admin picks a status in the details dialog, then documented success', async () => {
    await pact
      .addInteraction()
      .given('a task exists and an admin is signed in')
      .uponReceiving('a status change of a club task')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) =>
        b.headers(json).jsonBody({ status: 'review' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task status updated successfully',
          data: { ...clubTask, status: 'review' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.update(requestFor(mock.url), TASK_ID, { status: 'review' });
        expect(res.data?.status).toBe('review');
      });
  });

  it('when an admin drags a card to a place in another column, then it is saved there', async () => {
    await pact
      .addInteraction()
      .given('a task exists and an admin is signed in')
      .uponReceiving('a move of a club task')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) =>
        b.headers(json).jsonBody({ status: 'completed', position: 0 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task status updated successfully',
          data: { ...clubTask, status: 'completed', position: 0 },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.update(requestFor(mock.url), TASK_ID, {
          status: 'completed',
          position: 0,
        });
        expect(res.data?.position).toBe(0);
      });
  });

  it('when an admin assigns a member, then the task carries the member', async () => {
    await pact
      .addInteraction()
      .given('a task exists, a member to assign it to, and an admin is signed in')
      .uponReceiving('an assignment of a club task to a member')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) =>
        b.headers(json).jsonBody({ assigneeId: PLAYER_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task updated successfully',
          data: { ...clubTask, assignee: string('Sam Striker'), assignee_id: string(PLAYER_ID) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.update(requestFor(mock.url), TASK_ID, { assigneeId: PLAYER_ID });
        expect(res.data?.assignee_id).toBe(PLAYER_ID);
      });
  });

  it('when an admin adds a task for a member, then the task carries the member', async () => {
    const body = { ...newTask, assignee: 'Sam Striker', assigneeId: PLAYER_ID };
    await pact
      .addInteraction()
      .given('a task exists, a member to assign it to, and an admin is signed in')
      .uponReceiving('a new club task assigned to a member')
      .withRequest('POST', '/api/club-tasks', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task created successfully',
          data: {
            ...clubTask,
            title: 'Book the minibus',
            status: 'in-progress',
            assignee: string('Sam Striker'),
            assignee_id: string(PLAYER_ID),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.create(requestFor(mock.url), body);
        expect(res.data?.assignee_id).toBe(PLAYER_ID);
      });
  });

  it('when an admin edits a member task to a typed name, then it is no longer linked', async () => {
    const body = { ...editedTask, assignee: 'Groundskeeper Gil', assigneeId: null };
    await pact
      .addInteraction()
      .given('a task exists and an admin is signed in')
      .uponReceiving('an edit of a club task that gives it to a typed name')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Task updated successfully',
          data: { ...clubTask, title: 'Book two minibuses', assignee: 'Groundskeeper Gil' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await board.update(requestFor(mock.url), TASK_ID, body);
        expect(res.data?.assignee).toBe('Groundskeeper Gil');
      });
  });

  it('when a player changes a status, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a task exists and a player is signed in')
      .uponReceiving('a status change of a club task by a player')
      .withRequest('PUT', `/api/club-tasks/${TASK_ID}`, (b) =>
        b.headers(json).jsonBody({ status: 'review' }),
      )
      .willRespondWith(403, (b) => b.jsonBody(forbidden('Only administrators can update tasks')))
      .executeTest(async (mock) => {
        const error = await failure(
          board.update(requestFor(mock.url), TASK_ID, { status: 'review' }),
        );
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can update tasks',
        });
      });
  });

  it('when an admin deletes a task, then documented success', async () => {
    await pact
      .addInteraction()
      .given('a task exists and an admin is signed in')
      .uponReceiving('a delete of a club task')
      .withRequest('DELETE', `/api/club-tasks/${TASK_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: 'Task deleted successfully' }),
      )
      .executeTest(async (mock) => {
        const res = await board.remove(requestFor(mock.url), TASK_ID);
        expect(res.message).toBe('Task deleted successfully');
      });
  });

  it('when the task is gone, then 404', async () => {
    await pact
      .addInteraction()
      .given('no task exists and an admin is signed in')
      .uponReceiving('a delete of a club task that does not exist')
      .withRequest('DELETE', `/api/club-tasks/${TASK_ID}`, (b) => b.headers(bearer))
      .willRespondWith(404, (b) =>
        b.jsonBody({ success: false, error: 'Task not found', message: 'Task not found' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(board.remove(requestFor(mock.url), TASK_ID));
        expect(error).toMatchObject({ status: 404, message: 'Task not found' });
      });
  });

  it('when a player deletes a task, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a task exists and a player is signed in')
      .uponReceiving('a delete of a club task by a player')
      .withRequest('DELETE', `/api/club-tasks/${TASK_ID}`, (b) => b.headers(bearer))
      .willRespondWith(403, (b) => b.jsonBody(forbidden('Only administrators can delete tasks')))
      .executeTest(async (mock) => {
        const error = await failure(board.remove(requestFor(mock.url), TASK_ID));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can delete tasks',
        });
      });
  });
});
