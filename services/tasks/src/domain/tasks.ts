/**
 * Club task use cases: the board (every task, column by column, overdue ones marked), create,
 * edit, move or reorder, and delete. Writes that touch the order of the cards run under the
 * board lock and renumber the columns they touch in the same transaction; a member who is given
 * a task is notified through the outbox in that transaction, and the due-date reminder follows
 * the task once it has committed.
 */
import {
  ASSIGNEE_NOT_MEMBER,
  TASK_DEFAULT_DUE_DAYS,
  TASK_NOT_FOUND,
  UNASSIGNED,
  type ClubTask,
  type TaskChanges,
  type TaskFields,
  type TaskStatus,
} from '@teamapp/contracts';
import { badRequest, notFound } from '@teamapp/service-kit';
import type { TasksRepos, TasksStore, TasksTransaction } from '../db/repos';
import type { TaskPatch } from '../db/tasks.repo';
import type { TaskRow } from '../db/schema';
import { clip, type ClubCalendar } from './club-time';
import type { ReminderScheduler } from './reminders';

export function createTaskUseCases(deps: {
  repos: TasksRepos;
  inTransaction: TasksTransaction;
  calendar: ClubCalendar;
  reminders: ReminderScheduler;
  now: () => Date;
}) {
  const { repos, inTransaction, calendar, reminders } = deps;
  const today = () => calendar.dateOf(deps.now());

  const toClubTask = (row: TaskRow, date: string): ClubTask => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    category: row.category,
    status: row.status,
    assignee: row.assignee,
    assignee_id: row.assigneeId,
    due_date: row.dueDate,
    position: row.position,
    overdue: row.status !== 'completed' && row.dueDate !== null && row.dueDate < date,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const findOr404 = async (store: TasksRepos, id: string): Promise<TaskRow> => {
    const task = await store.tasks.find(id);
    if (!task) throw notFound(TASK_NOT_FOUND);
    return task;
  };

  /** The name a member assignee is shown by; 400 when they are not an active member. */
  async function memberName(store: TasksRepos, userId: string, given?: string): Promise<string> {
    const member = await store.members.active(userId);
    if (!member) throw badRequest(ASSIGNEE_NOT_MEMBER, 'assigneeId');
    return member.name || (given && given !== UNASSIGNED ? given : UNASSIGNED);
  }

  /** Tells a member they were given a task (not when they gave it to themselves). */
  async function announceAssigned(store: TasksStore, task: TaskRow, by: string) {
    if (!task.assigneeId || task.assigneeId === by) return;
    await store.notify(task.assigneeId, {
      title: clip(`Task assigned to you: ${task.title}`),
      message: task.dueDate ? `Due ${calendar.describe(task.dueDate)}.` : 'No due date.',
      kind: 'tasks',
    });
  }

  /** Puts a card at an index of its column (the end when none) and numbers the column again. */
  async function place(store: TasksStore, id: string, status: TaskStatus, index?: number) {
    const others = (await store.tasks.column(status)).filter((other) => other !== id);
    const at = Math.min(index ?? others.length, others.length);
    await store.tasks.renumber([...others.slice(0, at), id, ...others.slice(at)]);
  }

  /** Who the task is assigned to after an edit: the fields of the patch that say so. */
  async function assignment(
    store: TasksRepos,
    current: TaskRow,
    changes: TaskChanges,
  ): Promise<Pick<TaskPatch, 'assignee' | 'assigneeId'>> {
    if (changes.assigneeId) {
      return {
        assigneeId: changes.assigneeId,
        assignee: await memberName(store, changes.assigneeId, changes.assignee),
      };
    }
    if (changes.assigneeId === null) {
      return { assigneeId: null, assignee: changes.assignee ?? UNASSIGNED };
    }
    // A new name without a member is free text: the task is no longer linked to a member.
    if (changes.assignee !== undefined && changes.assignee !== current.assignee) {
      return { assigneeId: null, assignee: changes.assignee };
    }
    return {};
  }

  return {
    async list(): Promise<ClubTask[]> {
      const date = today();
      return (await repos.tasks.list()).map((row) => toClubTask(row, date));
    },

    /** A new task goes to the end of its column (the column whose add button was used). */
    async create(input: TaskFields, by: string): Promise<ClubTask> {
      const dueDate =
        input.dueDate === undefined
          ? calendar.plusDays(today(), TASK_DEFAULT_DUE_DAYS)
          : input.dueDate;
      const created = await inTransaction(async (store) => {
        await store.tasks.lockBoard();
        const assignee = input.assigneeId
          ? await memberName(store, input.assigneeId, input.assignee)
          : input.assignee;
        const position = (await store.tasks.column(input.status)).length;
        const row = await store.tasks.insert({
          title: input.title,
          description: input.description,
          priority: input.priority,
          category: input.category,
          status: input.status,
          assignee,
          assigneeId: input.assigneeId ?? null,
          dueDate,
          position,
          createdBy: by,
        });
        await announceAssigned(store, row, by);
        return row;
      });
      await reminders.schedule([created]);
      return toClubTask(created, today());
    },

    /**
     * Edits the fields sent. With a status and/or a position the card moves: into that column
     * (at its end unless a position is given) or to that place in its own column.
     */
    async update(id: string, changes: TaskChanges, by: string): Promise<ClubTask> {
      const { before, after } = await inTransaction(async (store) => {
        await store.tasks.lockBoard();
        const current = await findOr404(store, id);
        const status = changes.status ?? current.status;
        const patch: TaskPatch = {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.description !== undefined && { description: changes.description ?? '' }),
          ...(changes.priority !== undefined && { priority: changes.priority }),
          ...(changes.category !== undefined && { category: changes.category }),
          ...(changes.dueDate !== undefined && { dueDate: changes.dueDate }),
          ...(await assignment(store, current, changes)),
          status,
        };
        const updated = await store.tasks.update(id, patch);
        if (status !== current.status || changes.position !== undefined) {
          await place(store, id, status, changes.position);
          if (status !== current.status) {
            await store.tasks.renumber(await store.tasks.column(current.status));
          }
        }
        if (updated.assigneeId !== current.assigneeId) await announceAssigned(store, updated, by);
        return { before: current, after: (await store.tasks.find(id))! };
      });
      await reminders.reschedule(before, after);
      return toClubTask(after, today());
    },

    async remove(id: string): Promise<void> {
      const removed = await inTransaction(async (store) => {
        await store.tasks.lockBoard();
        const task = await store.tasks.remove(id);
        if (!task) throw notFound(TASK_NOT_FOUND);
        await store.tasks.renumber(await store.tasks.column(task.status));
        return task;
      });
      await reminders.unschedule([removed]);
    },
  };
}

export type TaskUseCases = ReturnType<typeof createTaskUseCases>;
