/**
 * The Add Availability modal (reference §5 Availability form): start and end dates required, status
 * Available or Not Available, and a reason only when Not Available (an empty one is omitted).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { LiveRegion } from '@teamapp/ui';
import { useAddAvailability } from '../api/availability-api';

const ADD_FAILED = 'Failed to add availability entry';

interface Props {
  opened: boolean;
  initialDate: string;
  onClose: () => void;
  onAdded: (message: string) => void;
}

export function AvailabilityForm({ opened, initialDate, onClose, onAdded }: Props) {
  const [start, setStart] = useState(initialDate);
  const [end, setEnd] = useState(initialDate);
  const [status, setStatus] = useState<'available' | 'unavailable'>('unavailable');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAvailability();

  const canSubmit = start !== '' && end !== '' && !add.isPending;

  function close() {
    setError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    const isAvailable = status === 'available';
    const trimmed = reason.trim();
    try {
      const res = await add.mutateAsync({
        startDate: start,
        endDate: end,
        isAvailable,
        ...(!isAvailable && trimmed ? { reason: trimmed } : {}),
      });
      setReason('');
      onAdded(res.message);
    } catch (err) {
      setError(errorText(err, ADD_FAILED));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add Availability" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            type="date"
            label="Start Date"
            required
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            type="date"
            label="End Date"
            required
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <Radio.Group
            label="Status"
            value={status}
            onChange={(v) => setStatus(v as 'available' | 'unavailable')}
          >
            <Group gap="md" mt={4}>
              <Radio value="available" label="Available" />
              <Radio value="unavailable" label="Not Available" />
            </Group>
          </Radio.Group>
          {status === 'unavailable' && (
            <TextInput
              label="Reason"
              placeholder="e.g. Family holiday"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={add.isPending}>
              Add Entry
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
