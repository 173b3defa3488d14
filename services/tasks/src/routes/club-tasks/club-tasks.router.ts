/**
 * /api/club-tasks: the development board for every signed-in member; creating, editing, moving
 * and deleting tasks for admins (reference §6, with the reference's "Only administrators can ..." messages).
 * Paths, inputs and answers come from `clubTasksEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import {
  TASK_CREATED,
  TASK_DELETED,
  TASK_STATUS_UPDATED,
  TASK_UPDATED,
  TASKS_DELETE_FORBIDDEN,
  TASKS_MANAGE_FORBIDDEN,
  TASKS_UPDATE_FORBIDDEN,
  clubTasksEndpoints as api,
  type TaskChanges,
} from '@teamapp/contracts';
import { createRouter, route } from '@teamapp/service-kit';
import type { TasksDeps } from '../../deps';

/** A change of status (or a move) alone, as the details dialog and the board send it. */
const onlyMoves = (changes: TaskChanges) =>
  Object.entries(changes).every(
    ([field, value]) => value === undefined || field === 'status' || field === 'position',
  );

export function clubTasksRouter({ auth, tasks }: TasksDeps): Router {
  const router = createRouter('/api/club-tasks');
  const { requireAuth, requireRole } = auth;

  route(router, api.list, requireAuth).handle(async () => ({
    success: true,
    tasks: await tasks.list(),
  }));

  route(router, api.create, requireAuth, requireRole('admin', TASKS_MANAGE_FORBIDDEN)).handle(
    async (ctx) => {
      const task = await tasks.create(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info({ taskId: task.id }, 'task created');
      return { success: true, message: TASK_CREATED, data: task };
    },
  );

  route(router, api.update, requireAuth, requireRole('admin', TASKS_UPDATE_FORBIDDEN)).handle(
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const task = await tasks.update(params.id, body, ctx.state.user.id);
      ctx.state.log.info({ taskId: task.id, status: task.status }, 'task updated');
      return {
        success: true,
        message: onlyMoves(body) ? TASK_STATUS_UPDATED : TASK_UPDATED,
        data: task,
      };
    },
  );

  route(router, api.remove, requireAuth, requireRole('admin', TASKS_DELETE_FORBIDDEN)).handle(
    async (ctx) => {
      await tasks.remove(ctx.state.input.params.id);
      ctx.state.log.info({ taskId: ctx.state.input.params.id }, 'task deleted');
      return { success: true, message: TASK_DELETED };
    },
  );

  return router;
}
