/**
 * /club-development (reference §2 Club Development, §6 Tasks): the board for every signed-in member;
 * admins add, edit, delete, change status and drag cards, players read it. Loading,
 * error and empty states, and the outcome of every change, show above the board.
 */
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { ClubTask, TaskStatus } from '@teamapp/contracts';
import {
  LoadingOrError,
  OutcomeRegion,
  PageHeader,
  useConfirmedDelete,
  usePageTitle,
  useSession,
} from '@teamapp/ui';
import { useClubTasks, useDeleteTask, useMoveTask } from '../api/club-tasks';
import { toColumns } from '../board';
import { TaskBoard } from './task-board';
import { TaskDetails } from './task-details';
import { TaskForm } from './task-form';

// Reference §8; reference §5 gives no text for this confirmation, so it follows the event's.
export const LOAD_FAILED = 'Failed to fetch tasks';
export const DELETE_FAILED = 'Failed to delete task';
export const MOVE_FAILED = 'Failed to update task status';
export const CONFIRM_DELETE =
  'Are you sure you want to delete this task? This action cannot be undone.';
export const EMPTY_ADMIN = 'No tasks yet. Use Add Task on a column to create the first one.';
export const EMPTY_PLAYER = 'No tasks yet.';

/** The confirmation before deleting one (useConfirmedDelete). */
const DELETING = { what: 'Task', message: CONFIRM_DELETE, failed: DELETE_FAILED };

type Editing = { task: ClubTask | null; status: TaskStatus };

function placeIn(tasks: ClubTask[], task: ClubTask) {
  const column = toColumns(tasks)[task.status];
  return { index: column.findIndex((t) => t.id === task.id), of: column.length };
}

export function ClubDevelopmentPage() {
  usePageTitle('Club Development');
  const { isAdmin } = useSession();
  const query = useClubTasks();
  const remove = useDeleteTask();
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const deletion = useConfirmedDelete({
    ...DELETING,
    remove: (task: ClubTask) => remove.mutateAsync(task.id),
    onOutcome: setMessage,
  });
  const move = useMoveTask((error) =>
    setMessage({ ok: false, text: errorText(error, MOVE_FAILED) }),
  );
  const tasks = query.data ?? [];
  // The details follow the task as it changes (a status chosen there, a refetch).
  const viewed = viewing ? tasks.find((t) => t.id === viewing) : undefined;

  const actions = {
    onView: (task: ClubTask) => setViewing(task.id),
    onEdit: (task: ClubTask) => {
      setMessage(null);
      setEditing({ task, status: task.status });
    },
    onDelete: (task: ClubTask) => {
      setMessage(null);
      deletion.ask(task);
    },
  };

  return (
    <Stack gap="md">
      <PageHeader title="Club Development" />
      <OutcomeRegion message={message} />
      <LoadingOrError query={query} loading="Loading tasks..." failed={LOAD_FAILED} />
      {query.isSuccess && (
        <>
          {tasks.length === 0 && <Text c="dimmed">{isAdmin ? EMPTY_ADMIN : EMPTY_PLAYER}</Text>}
          <TaskBoard
            tasks={tasks}
            admin={isAdmin}
            actions={actions}
            onAdd={(status) => {
              setMessage(null);
              setEditing({ task: null, status });
            }}
            onMove={(task, status, position) => {
              setMessage(null);
              move(task, status, position);
            }}
          />
        </>
      )}
      {viewed && (
        <TaskDetails
          key={viewed.id}
          task={viewed}
          admin={isAdmin}
          place={placeIn(tasks, viewed)}
          onReorder={(position) => {
            setMessage(null);
            move(viewed, viewed.status, position);
          }}
          onClose={() => setViewing(null)}
          onStatusChanged={(text) => setMessage({ ok: true, text })}
        />
      )}
      {editing && (
        <TaskForm
          task={editing.task}
          status={editing.status}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ ok: true, text });
          }}
        />
      )}
      {deletion.dialog()}
    </Stack>
  );
}
