/**
 * The details dialog a card opens (SPEC §2, §4 Task status): everything about the task, and
 * for admins the status selector, which moves the card to that column at once.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { TASK_STATUSES, type ClubTask, type TaskStatus } from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
import { useChangeStatus } from '../api/club-tasks';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS, dueDateText } from '../board';

// SPEC §8.
export const STATUS_FAILED = 'Failed to update task status';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface Props {
  task: ClubTask;
  admin: boolean;
  onClose: () => void;
  onStatusChanged: (message: string) => void;
}

export function TaskDetails({ task, admin, onClose, onStatusChanged }: Props) {
  const change = useChangeStatus();
  const [status, setStatus] = useState<TaskStatus>(task.status);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: TaskStatus) {
    const was = status;
    setStatus(next);
    setError(null);
    try {
      const res = await change.mutateAsync({ id: task.id, status: next });
      onStatusChanged(res.message);
    } catch (err) {
      setStatus(was);
      setError(errorText(err, STATUS_FAILED));
    }
  }

  return (
    <Modal opened onClose={onClose} title={task.title} centered>
      <Stack gap="md">
        <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
        {task.overdue && (
          <Badge color="red" variant="filled" style={{ alignSelf: 'start' }}>
            Overdue
          </Badge>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {task.description || 'No description'}
        </Text>
        <SimpleGrid cols={2} spacing="sm" component="dl" m={0}>
          {!admin && <Fact label="Status">{STATUS_LABELS[task.status]}</Fact>}
          <Fact label="Priority">{PRIORITY_LABELS[task.priority]}</Fact>
          <Fact label="Category">{CATEGORY_LABELS[task.category]}</Fact>
          <Fact label="Assignee">{task.assignee}</Fact>
          <Fact label="Due Date">{dueDateText(task.due_date)}</Fact>
        </SimpleGrid>
        {admin && (
          <NativeSelect
            label="Status"
            value={status}
            disabled={change.isPending}
            onChange={(e) => void choose(e.currentTarget.value as TaskStatus)}
            data={TASK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
