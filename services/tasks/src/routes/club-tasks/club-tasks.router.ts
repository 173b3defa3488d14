/**
 * /api/club-tasks: the development board for every signed-in member; creating, editing, moving
 * and deleting tasks for admins (reference §6, with the reference's "Only administrators can ..." messages).
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
  clubTasksResponseSchema,
  type TaskChanges,
} from '@teamapp/contracts';
import {
  responds,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import type { TasksDeps } from '../../deps';
import { createTaskRequest, deleteTaskRequest, updateTaskRequest } from './club-tasks.schema';

/** A change of status (or a move) alone, as the details dialog and the board send it. */
const onlyMoves = (changes: TaskChanges) =>
  Object.entries(changes).every(
    ([field, value]) => value === undefined || field === 'status' || field === 'position',
  );

export function clubTasksRouter({ auth, tasks }: TasksDeps): Router {
  const router = createRouter('/api/club-tasks');
  const { requireAuth, requireRole } = auth;

  router.get('/', requireAuth, responds(clubTasksResponseSchema), async (ctx: ApiContext) => {
    ctx.body = { success: true, tasks: await tasks.list() };
  });

  router.post(
    '/',
    requireAuth,
    requireRole('admin', TASKS_MANAGE_FORBIDDEN),
    validate(createTaskRequest),
    async (ctx: ApiContext<InputOf<typeof createTaskRequest>>) => {
      const task = await tasks.create(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info({ taskId: task.id }, 'task created');
      ctx.status = 201;
      ctx.body = { success: true, message: TASK_CREATED, data: task };
    },
  );

  router.put(
    '/:id',
    requireAuth,
    requireRole('admin', TASKS_UPDATE_FORBIDDEN),
    validate(updateTaskRequest),
    async (ctx: ApiContext<InputOf<typeof updateTaskRequest>>) => {
      const { params, body } = ctx.state.input;
      const task = await tasks.update(params.id, body, ctx.state.user.id);
      ctx.state.log.info({ taskId: task.id, status: task.status }, 'task updated');
      ctx.body = {
        success: true,
        message: onlyMoves(body) ? TASK_STATUS_UPDATED : TASK_UPDATED,
        data: task,
      };
    },
  );

  router.delete(
    '/:id',
    requireAuth,
    requireRole('admin', TASKS_DELETE_FORBIDDEN),
    validate(deleteTaskRequest),
    async (ctx: ApiContext<InputOf<typeof deleteTaskRequest>>) => {
      await tasks.remove(ctx.state.input.params.id);
      ctx.state.log.info({ taskId: ctx.state.input.params.id }, 'task deleted');
      ctx.body = { success: true, message: TASK_DELETED };
    },
  );

  return router;
}
