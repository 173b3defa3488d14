/**
 * Recording who actually came to an event that has started: present, late, absent or excused
 * per member, prefilled from what was recorded before, else from their answer.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { PRESENCES, type AttendanceEvent, type Presence } from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
import { useRecordAttendance } from '../api/attendance-api';
import { attendeeName } from '../attendance-stats';

const SAVE_FAILED = 'Failed to save attendance';
const PRESENCE_LABELS: Record<Presence, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

interface Props {
  event: AttendanceEvent;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function RecordAttendanceDialog({ event, onClose, onSaved }: Props) {
  const save = useRecordAttendance();
  const [error, setError] = useState<string | null>(null);
  const [presence, setPresence] = useState<Record<string, Presence>>(() =>
    Object.fromEntries(
      event.attendees.map((a) => [
        a.userId,
        a.presence ?? (a.status === 'attending' ? 'present' : 'absent'),
      ]),
    ),
  );

  async function submit() {
    setError(null);
    try {
      const res = await save.mutateAsync({
        eventId: event.id,
        records: Object.entries(presence).map(([userId, p]) => ({ userId, presence: p })),
      });
      onSaved(res.message);
    } catch (err) {
      setError(errorText(err, SAVE_FAILED));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Record attendance: ${event.title}`} centered>
      <Stack gap="sm">
        <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
        {event.attendees.map((a) => (
          <NativeSelect
            key={a.userId}
            label={attendeeName(a.name)}
            data={PRESENCES.map((p) => ({ value: p, label: PRESENCE_LABELS[p] }))}
            value={presence[a.userId]}
            onChange={(e) => {
              const value = e.currentTarget.value as Presence;
              setPresence((current) => ({ ...current, [a.userId]: value }));
            }}
          />
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={event.attendees.length === 0}
          >
            Save Attendance
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
