/**
 * The details dialog a card opens (reference §2, §4 Task status): everything about the task, and
 * for admins the status selector, which moves the card to that column at once, and its place
 * in the column (what a drag does, for those who cannot or would rather not drag: WCAG 2.5.7).
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

// Reference §8.
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
  /** The task's place in its column, from 0, and how many cards the column holds. */
  place: { index: number; of: number };
  onReorder: (position: number) => void;
  onClose: () => void;
  onStatusChanged: (message: string) => void;
}

export function TaskDetails({ task, admin, place, onReorder, onClose, onStatusChanged }: Props) {
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
        {admin && place.of > 1 && (
          <NativeSelect
            label="Position in column"
            value={String(place.index)}
            disabled={change.isPending}
            onChange={(e) => onReorder(Number(e.currentTarget.value))}
            data={Array.from({ length: place.of }, (_, i) => ({
              value: String(i),
              label: `${i + 1} of ${place.of}`,
            }))}
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
