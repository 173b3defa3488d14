/**
 * "Add Task" / "Edit Task" (reference §5 Task): title required (trimmed), description trimmed,
 * priority (medium), category (operations) and a due date one week from today by default. A
 * new task goes to the column whose add button opened the dialog. The assignee is a member
 * picked from the roster (they are told, and reminded the day before it is due) or a
 * name typed in; left blank it is "Unassigned".
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  UNASSIGNED,
  type ClubTask,
  type TaskCategory,
  type TaskInput,
  type TaskPriority,
  type TaskStatus,
  type TaskUpdate,
} from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
import { useRoster, useSaveTask } from '../api/club-tasks';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS, defaultDueDate } from '../board';

// Reference §8.
export const CREATE_FAILED = 'Failed to create task';
export const UPDATE_FAILED = 'Failed to update task';

/** The member choice that means "type a name instead". */
const NOT_A_MEMBER = '';

interface Props {
  /** The task being edited, or the column a new one goes to. */
  task: ClubTask | null;
  status: TaskStatus;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function TaskForm({ task, status, onClose, onSaved }: Props) {
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? DEFAULT_TASK_PRIORITY);
  const [category, setCategory] = useState<TaskCategory>(task?.category ?? DEFAULT_TASK_CATEGORY);
  const [dueDate, setDueDate] = useState(task ? (task.due_date ?? '') : defaultDueDate());
  const [memberId, setMemberId] = useState(task?.assignee_id ?? NOT_A_MEMBER);
  const [assignee, setAssignee] = useState(
    task && !task.assignee_id && task.assignee !== UNASSIGNED ? task.assignee : '',
  );
  const [error, setError] = useState<string | null>(null);
  const roster = useRoster(true);
  const save = useSaveTask();
  const canSubmit = title.trim() !== '';

  // A member who left the club still shows while the task is theirs.
  const members = roster.data ?? [];
  const linked =
    task?.assignee_id && !members.some((m) => m.id === task.assignee_id)
      ? [{ id: task.assignee_id, name: task.assignee }]
      : [];
  const memberOptions = [
    { value: NOT_A_MEMBER, label: 'Not a member (type a name)' },
    ...[...members, ...linked].map((m) => ({ value: m.id, label: m.name })),
  ];

  function payload(): TaskInput | TaskUpdate {
    const member = [...members, ...linked].find((m) => m.id === memberId);
    const who = member
      ? { assignee: member.name, assigneeId: member.id }
      : {
          assignee: assignee.trim(),
          // Only a task that was a member's needs telling that it no longer is.
          ...(task?.assignee_id ? { assigneeId: null } : {}),
        };
    const fields = {
      title: title.trim(),
      description: description.trim(),
      priority,
      ...who,
      dueDate,
      category,
    };
    return task ? fields : { ...fields, status };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    try {
      const res = await save.mutateAsync({ id: task?.id ?? null, input: payload() });
      onSaved(res.message);
    } catch (err) {
      setError(errorText(err, task ? UPDATE_FAILED : CREATE_FAILED));
    }
  }

  return (
    <Modal opened onClose={onClose} title={task ? 'Edit Task' : 'Add Task'} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {!task && (
            <Text size="sm" c="dimmed">
              Column: {STATUS_LABELS[status]}
            </Text>
          )}
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
            data-autofocus
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group grow align="start" wrap="wrap">
            <NativeSelect
              label="Priority"
              value={priority}
              onChange={(e) => setPriority(e.currentTarget.value as TaskPriority)}
              data={TASK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              miw={140}
            />
            <NativeSelect
              label="Category"
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value as TaskCategory)}
              data={TASK_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
              miw={140}
            />
          </Group>
          <NativeSelect
            label="Assign to member"
            description={
              roster.isError ? 'The roster could not be loaded; type a name below.' : undefined
            }
            value={memberId}
            onChange={(e) => setMemberId(e.currentTarget.value)}
            data={memberOptions}
          />
          {memberId === NOT_A_MEMBER && (
            <TextInput
              label="Assignee"
              description={`Leave blank for ${UNASSIGNED}`}
              value={assignee}
              maxLength={200}
              onChange={(e) => setAssignee(e.currentTarget.value)}
            />
          )}
          <TextInput
            type="date"
            label="Due Date"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              {task ? 'Save Changes' : 'Add Task'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
