/**
 * The board's calls (reference §7 club-tasks): the task list (cached under
 * ['club-tasks'] as the answer's body), add, edit, a status change from the details dialog, a
 * move or reorder (status and position, shown at once and rolled back when the server refuses),
 * delete, and the roster an admin picks a member assignee from (GET /user/all, the key the
 * players screen shares). Each call goes through its endpoint in packages/contracts
 * (`clubTasksEndpoints`); the plain fetchers in `clubTasksCalls` are what the hooks run and what
 * the board's Pact test (club-tasks.pact.test.ts) drives.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  clubTasksEndpoints as api,
  type ClubTask,
  type ClubTasksResponse,
  type TaskInput,
  type TaskStatus,
  type TaskUpdate,
} from '@teamapp/contracts';
import { addOrEdit, useMemberDirectory, useRead, useRequest, useWrite } from '@teamapp/ui';
import { moveTask } from '../board';

export const clubTasksQueryKey = ['club-tasks'] as const;

/** The board's fetchers on a request function. */
export const clubTasksCalls = {
  list: (request: ApiRequest) => call(request, api.list),
  create: (request: ApiRequest, input: TaskInput) => call(request, api.create, { body: input }),
  update: (request: ApiRequest, id: string, changes: TaskUpdate) =>
    call(request, api.update, { params: { id }, body: changes }),
  remove: (request: ApiRequest, id: string) => call(request, api.remove, { params: { id } }),
};

export const useClubTasks = () =>
  useRead(clubTasksQueryKey, clubTasksCalls.list, { select: (answer) => answer.tasks });

/** A member an admin may give a task to. */
export interface RosterMember {
  id: string;
  name: string;
}

/** Active members by name (admins only: the form is theirs). */
export const useRoster = (enabled: boolean) =>
  useMemberDirectory({
    enabled,
    select: (users): RosterMember[] =>
      users
        .filter((u) => u.is_active !== false)
        .map((u) => ({ id: u.id, name: u.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });

/** After an add, an edit, a status change or a delete: the board. */
const REFRESH = [{ queryKey: clubTasksQueryKey }];

/** Adds a task (`input.status` is the column whose add button was used) or edits one. */
export const useSaveTask = () =>
  useWrite(addOrEdit(clubTasksCalls.create, clubTasksCalls.update), REFRESH);

/** The status selector of the details dialog: only the status is sent. */
export const useChangeStatus = () =>
  useWrite(
    (request, { id, status }: { id: string; status: TaskStatus }) =>
      clubTasksCalls.update(request, id, { status }),
    REFRESH,
  );

export const useDeleteTask = () => useWrite(clubTasksCalls.remove, REFRESH);

/**
 * A dragged card: shown at its new place at once, saved with PUT { status, position }, and put
 * back where it was when the server refuses (the error goes to `onError`).
 */
export function useMoveTask(onError: (error: unknown) => void) {
  const request = useRequest();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, status, position }: { id: string; status: TaskStatus; position: number }) =>
      clubTasksCalls.update(request, id, { status, position }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clubTasksQueryKey }),
  });

  return (task: ClubTask, status: TaskStatus, position: number) => {
    // A list on its way would overwrite the new order with the old one.
    void queryClient.cancelQueries({ queryKey: clubTasksQueryKey });
    const before = queryClient.getQueryData<ClubTasksResponse>(clubTasksQueryKey);
    if (before) {
      queryClient.setQueryData<ClubTasksResponse>(clubTasksQueryKey, {
        ...before,
        tasks: moveTask(before.tasks, task.id, status, position),
      });
    }
    mutation.mutate(
      { id: task.id, status, position },
      {
        onError: (error) => {
          if (before) queryClient.setQueryData(clubTasksQueryKey, before);
          onError(error);
        },
      },
    );
  };
}
