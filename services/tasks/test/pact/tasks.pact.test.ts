/** Provider verification: the real tasks app answers the web consumer's contract. */
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { tasks } from '../../src/db/schema';
import { startTasks, type TasksHarness } from '../harness';
import { STATE_IDS } from '@teamapp/api-client/pact-states';
const { task: TASK_ID, player: PLAYER_ID } = STATE_IDS;

/** The ids the board's consumer test (mfe-club club-tasks.pact.test.ts) uses in its paths and bodies. */

let h: TasksHarness;
beforeAll(async () => {
  h = await startTasks();
  await h.service.deps.members.memberChanged({
    userId: PLAYER_ID,
    kind: 'joined',
    member: { name: 'Sam Striker', email: 'sam@club.test', role: 'player', profilePicture: null },
  });
});
afterAll(async () => {
  await h.close();
});

const adminToken = async () => (await h.memberFor('admin')).token;
const samToken = async () => (await h.userFor('player')).token;

/** The board as the contract expects it: one unassigned backlog task with a known id. */
async function onlyTheTask() {
  await h.service.base.db.delete(tasks);
  await h.service.base.db.insert(tasks).values({
    id: TASK_ID,
    title: 'Order new bibs',
    description: '',
    priority: 'medium',
    category: 'operations',
    status: 'backlog',
    assignee: 'Unassigned',
    assigneeId: null,
    dueDate: '2030-07-01',
    position: 0,
    createdBy: PLAYER_ID,
  });
}

it('when the web consumer contract is replayed, then the tasks service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-tasks',
    stateHandlers: {
      'an admin is signed in': adminToken,
      'a player is signed in': samToken,
      'a task exists and a player is signed in': async () => {
        await onlyTheTask();
        return samToken();
      },
      'a task exists and an admin is signed in': async () => {
        await onlyTheTask();
        return adminToken();
      },
      'a task exists, a member to assign it to, and an admin is signed in': async () => {
        await onlyTheTask();
        return adminToken();
      },
      'no task exists and an admin is signed in': async () => {
        await h.service.base.db.delete(tasks);
        return adminToken();
      },
    },
  });
});
