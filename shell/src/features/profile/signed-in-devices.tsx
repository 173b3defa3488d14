/**
 * The member's signed-in devices on /profile: each browser they are signed in with, when and
 * from where, this one marked. Any other can be signed out, or all of them at once ("Sign out
 * everywhere else"), after a confirmation; their next call is refused and they land on the login.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userMessage } from '@teamapp/api-client';
import type { DeviceSession } from '@teamapp/contracts';
import { ConfirmDialog, LiveRegion, LoadingOrError, useApi, PlainList } from '@teamapp/ui';
import { relativeTime } from '../../layout/relative-time';
import { ProfileSection } from './profile-section';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;
const LOAD_FAILED = 'Failed to load your signed-in devices.';
const END_FAILED = 'Failed to sign out the device.';

/** "Chrome on macOS" */
export const deviceName = (d: DeviceSession) => `${d.browser} on ${d.os}`;

/** A US-English date and time in the club's zone: "May 1, 2026, 7:00 AM". */
function dateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

type Pending = { kind: 'one'; device: DeviceSession } | { kind: 'others' } | null;

function DeviceRow({
  device,
  timeZone,
  onSignOut,
}: {
  device: DeviceSession;
  timeZone: string;
  onSignOut: () => void;
}) {
  const detailsId = `device-${device.id}-details`;
  return (
    <Card withBorder radius="sm" padding="sm" component="li" data-testid="device">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500}>{deviceName(device)}</Text>
            {device.current && (
              <Badge variant="light" color="green">
                This device
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" id={detailsId} style={{ overflowWrap: 'anywhere' }}>
            {device.device}, {device.location}.{' '}
            {device.createdAt
              ? `Signed in ${dateTime(device.createdAt, timeZone)}.`
              : 'Sign-in time not recorded.'}{' '}
            {device.lastSeenAt &&
              !device.current &&
              `Last active ${relativeTime(device.lastSeenAt)}.`}
          </Text>
        </Stack>
        {!device.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onSignOut}
            aria-label={`Sign out ${deviceName(device)}`}
            aria-describedby={detailsId}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Card>
  );
}

export function SignedInDevices() {
  const api = useApi();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => api.sessions.list() });
  const [pending, setPending] = useState<Pending>(null);
  // What the dialog says stays while it closes.
  const [asked, setAsked] = useState<Exclude<Pending, null>>({ kind: 'others' });
  const ask = (p: Exclude<Pending, null>) => {
    setAsked(p);
    setPending(p);
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      if (pending.kind === 'one') {
        await api.sessions.end(pending.device.id);
        setSuccess(`Signed out ${deviceName(pending.device)}.`);
      } else {
        setSuccess((await api.sessions.endOthers()).message);
      }
    } catch (err) {
      setError(userMessage(err) || END_FAILED);
    } finally {
      setBusy(false);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    }
  }

  const devices = sessions.data?.data ?? [];
  const others = devices.filter((d) => !d.current);
  const timeZone = sessions.data?.timeZone ?? 'UTC';

  return (
    <ProfileSection title="Signed-in Devices">
      <Stack gap="sm">
        <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
        <LiveRegion>{success && <Alert color="green">{success}</Alert>}</LiveRegion>
        <LoadingOrError
          query={sessions}
          loading="Loading signed-in devices..."
          failed={LOAD_FAILED}
        >
          {() => (
            <>
              <PlainList gap="xs">
                {devices.map((device) => (
                  <DeviceRow
                    key={device.id}
                    device={device}
                    timeZone={timeZone}
                    onSignOut={() => ask({ kind: 'one', device })}
                  />
                ))}
              </PlainList>
              {others.length === 0 ? (
                <Text size="sm">Only this device is signed in.</Text>
              ) : (
                <Group>
                  <Button variant="default" onClick={() => ask({ kind: 'others' })}>
                    Sign out everywhere else
                  </Button>
                </Group>
              )}
            </>
          )}
        </LoadingOrError>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={asked.kind === 'one' ? 'Sign Out Device' : 'Sign Out Everywhere Else'}
        message={
          asked.kind === 'one'
            ? `Sign out ${deviceName(asked.device)} (${asked.device.location})? It will have to sign in again.`
            : 'Sign out every other device? Only this device stays signed in.'
        }
        confirmLabel={asked.kind === 'one' ? 'Sign out' : 'Sign out everywhere else'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </ProfileSection>
  );
}
