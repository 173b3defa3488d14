/**
 * The Notifications section of /profile (reference §2 Notifications on the phone): push on this
 * device (asks the browser's permission, then registers its push subscription with the server),
 * and what reaches the member, per kind and per channel, with quiet hours and the digest.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userMessage } from '@teamapp/api-client';
import {
  DIGEST_HOUR,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@teamapp/contracts';
import { LiveRegion, LoadingNotice, LoadingOrError, TableScroll, useApi } from '@teamapp/ui';
import {
  pushDeviceState,
  subscribeDevice,
  unsubscribeDevice,
  type PushDeviceState,
} from './push-device';
import { ProfileSection } from './profile-section';

export const PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;
const PUSH_STATE_KEY = ['notifications', 'push-device'] as const;

const KIND_LABELS = NOTIFICATION_KIND_LABELS;
/** The digest's hour as the US writes it ("6:00 PM"). */
const DIGEST_TIME = `${DIGEST_HOUR % 12 || 12}:00 ${DIGEST_HOUR < 12 ? 'AM' : 'PM'}`;
const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  inApp: 'In the app',
  mail: 'Mail',
  push: 'Push',
};

/** The two times of the quiet hours, each its own time field. */
const QUIET_BOUNDS = [
  { bound: 'start', label: 'Quiet from' },
  { bound: 'end', label: 'Quiet until' },
] as const;

const PUSH_TEXT: Record<PushDeviceState, string> = {
  unavailable: 'Push is unavailable on this device.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  off: 'Push is off on this device.',
  on: 'Push is on for this device.',
};

function PushOnThisDevice() {
  const api = useApi();
  const state = useQuery({ queryKey: PUSH_STATE_KEY, queryFn: pushDeviceState });
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      if (on) {
        const subscription = await subscribeDevice(await api.push.publicKey());
        if (typeof subscription !== 'string') await api.push.subscribe(subscription);
      } else {
        const endpoint = await unsubscribeDevice();
        if (endpoint) await api.push.unsubscribe(endpoint);
      }
    } catch (err) {
      setError(userMessage(err) || `Failed to turn push ${on ? 'on' : 'off'}.`);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY });
    }
  }

  if (state.isPending) return <LoadingNotice label="Checking push on this device..." />;
  const current = state.data ?? 'unavailable';
  return (
    <Stack gap="xs">
      <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
      <LiveRegion>
        <Text size="sm" data-testid="push-state">
          {PUSH_TEXT[current]}
        </Text>
      </LiveRegion>
      {(current === 'off' || current === 'on') && (
        <Group>
          <Button
            variant={current === 'off' ? 'light' : 'default'}
            loading={busy}
            onClick={() => void change(current === 'off')}
          >
            {current === 'off' ? 'Turn on push for this device' : 'Turn off push for this device'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const setChannel = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setDraft((d) => ({ ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind], [channel]: on } } }));
  const quiet = draft.quietHours;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const stored = await api.push.setPreferences(draft);
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, stored);
      setSuccess('Notification settings saved.');
    } catch (err) {
      setError(userMessage(err) || 'Failed to save the notification settings.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} aria-labelledby="notification-choices-title" noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5" id="notification-choices-title">
          What reaches you
        </Title>
        <TableScroll label="What reaches you, by kind and channel" minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Kind</Table.Th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Table.Th scope="col" key={channel}>
                    {CHANNEL_LABELS[channel]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Th scope="row">{KIND_LABELS[kind]}</Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Td key={channel}>
                      <Checkbox
                        aria-label={`${KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                        checked={draft.kinds[kind][channel]}
                        onChange={(e) => setChannel(kind, channel, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Checkbox
          label="Quiet hours"
          checked={quiet !== null}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setDraft((d) => ({ ...d, quietHours: on ? { start: '22:00', end: '07:00' } : null }));
          }}
        />
        {quiet && (
          <Group grow wrap="wrap">
            {QUIET_BOUNDS.map(({ bound, label }) => (
              <TextInput
                key={bound}
                type="time"
                label={label}
                value={quiet[bound]}
                required
                onChange={(e) => {
                  const time = e.currentTarget.value;
                  setDraft((d) => ({ ...d, quietHours: { ...quiet, [bound]: time } }));
                }}
              />
            ))}
          </Group>
        )}
        <Checkbox
          label="Daily digest"
          checked={draft.digest}
          onChange={(e) => {
            const digest = e.currentTarget.checked;
            setDraft((d) => ({ ...d, digest }));
          }}
        />
        <Text size="sm" c="dimmed">
          Quiet hours hold pushes and mails until they end, except a change to an event in the next
          48 hours. The daily digest sends one mail a day at {DIGEST_TIME} instead of single mails.
        </Text>
        <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
        <LiveRegion>{success && <Alert color="green">{success}</Alert>}</LiveRegion>
        <Group>
          <Button type="submit" loading={busy}>
            Save notification settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NotificationSettings() {
  const api = useApi();
  const preferences = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => api.push.preferences(),
  });
  return (
    <ProfileSection title="Notifications">
      <Stack gap="lg">
        <PushOnThisDevice />
        <LoadingOrError
          query={preferences}
          loading="Loading notification settings..."
          failed="Failed to load the notification settings."
        >
          {(saved) => <PreferencesForm saved={saved} />}
        </LoadingOrError>
      </Stack>
    </ProfileSection>
  );
}
