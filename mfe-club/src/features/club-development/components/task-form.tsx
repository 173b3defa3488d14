/**
 * "Add Task" / "Edit Task" (reference §5 Task): title required (trimmed), description trimmed,
 * priority (medium), category (operations) and a due date one week from today by default. A
 * new task goes to the column whose add button opened the dialog. The assignee is a member
 * picked from the roster (they are told, and reminded the day before it is due) or a
 * name typed in; left blank it is "Unassigned". Built with useApiForm on the contract's task
 * schema: Add Task / Save Changes stays disabled while the schema refuses the title.
 */
import { Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  DEFAULT_TASK_CATEGORY,
  DEFAULT_TASK_PRIORITY,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  UNASSIGNED,
  taskInputSchema,
  type ClubTask,
  type TaskCategory,
  type TaskInput,
  type TaskPriority,
  type TaskStatus,
  type TaskUpdate,
} from '@teamapp/contracts';
import { FormActions, useApiForm } from '@teamapp/ui';
import { useRoster, useSaveTask } from '../api/club-tasks';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS, defaultDueDate } from '../board';

// Reference §8.
export const CREATE_FAILED = 'Failed to create task';
export const UPDATE_FAILED = 'Failed to update task';

/** The member choice that means "type a name instead". */
const NOT_A_MEMBER = '';

/** The dialog's fields the request's schema checks (the member choice is not one of them). */
const taskFormSchema = taskInputSchema.pick({
  title: true,
  description: true,
  priority: true,
  category: true,
  assignee: true,
  dueDate: true,
});

interface TaskFormValues {
  title: string;
  description: string;
  priority: TaskPriority;
  category: TaskCategory;
  dueDate: string;
  memberId: string;
  assignee: string;
}

interface Props {
  /** The task being edited, or the column a new one goes to. */
  task: ClubTask | null;
  status: TaskStatus;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function TaskForm({ task, status, onClose, onSaved }: Props) {
  const roster = useRoster(true);
  const save = useSaveTask();

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

  function payload(values: TaskFormValues): TaskInput | TaskUpdate {
    const member = [...members, ...linked].find((m) => m.id === values.memberId);
    const who = member
      ? { assignee: member.name, assigneeId: member.id }
      : {
          assignee: values.assignee.trim(),
          // Only a task that was a member's needs telling that it no longer is.
          ...(task?.assignee_id ? { assigneeId: null } : {}),
        };
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      priority: values.priority,
      ...who,
      dueDate: values.dueDate,
      category: values.category,
    };
    return task ? fields : { ...fields, status };
  }

  const api = useApiForm<TaskFormValues, unknown, { message: string }>({
    initialValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      priority: task?.priority ?? DEFAULT_TASK_PRIORITY,
      category: task?.category ?? DEFAULT_TASK_CATEGORY,
      dueDate: task ? (task.due_date ?? '') : defaultDueDate(),
      memberId: task?.assignee_id ?? NOT_A_MEMBER,
      assignee: task && !task.assignee_id && task.assignee !== UNASSIGNED ? task.assignee : '',
    },
    schema: taskFormSchema,
    submit: (_data, values) => save.mutateAsync({ id: task?.id ?? null, input: payload(values) }),
    errorMessage: (err) => errorText(err, task ? UPDATE_FAILED : CREATE_FAILED),
    onSuccess: (res) => onSaved(res.message),
  });
  const { form } = api;

  return (
    <Modal opened onClose={onClose} title={task ? 'Edit Task' : 'Add Task'} centered>
      <form onSubmit={api.onSubmit} noValidate>
        <Stack gap="sm">
          {!task && (
            <Text size="sm" c="dimmed">
              Column: {STATUS_LABELS[status]}
            </Text>
          )}
          {api.errorRegion()}
          <TextInput
            label="Title"
            required
            {...form.getInputProps('title')}
            maxLength={200}
            data-autofocus
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={5000}
            {...form.getInputProps('description')}
          />
          <Group grow align="start" wrap="wrap">
            <NativeSelect
              label="Priority"
              {...form.getInputProps('priority')}
              data={TASK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              miw={140}
            />
            <NativeSelect
              label="Category"
              {...form.getInputProps('category')}
              data={TASK_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
              miw={140}
            />
          </Group>
          <NativeSelect
            label="Assign to member"
            description={
              roster.isError ? 'The roster could not be loaded; type a name below.' : undefined
            }
            {...form.getInputProps('memberId')}
            data={memberOptions}
          />
          {form.values.memberId === NOT_A_MEMBER && (
            <TextInput
              label="Assignee"
              description={`Leave blank for ${UNASSIGNED}`}
              {...form.getInputProps('assignee')}
              maxLength={200}
            />
          )}
          <TextInput type="date" label="Due Date" {...form.getInputProps('dueDate')} />
          <FormActions
            mt="sm"
            onCancel={onClose}
            disabled={!form.isValid()}
            loading={api.pending}
            submit={task ? 'Save Changes' : 'Add Task'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
