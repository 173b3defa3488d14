/**
 * The installed app's page side (reference §2 "Installing and offline use"), mounted once beside
 * the app: registers the service worker once the page is usable, offers "Reload" when a new
 * version is waiting, says when a screen shows what was last seen offline, keeps the browser's
 * theme colour on the club's header colour, and empties the member's kept answers at sign-out.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useBranding, useSession } from '@teamapp/ui';
import { unsubscribeDevice } from '../features/profile/push-device';
import { PRIVATE_CACHE, type WorkerMessage } from './caches';
import { registerServiceWorker, tellWorkers, type Registered } from './register';

/**
 * Nothing of the member's stays once they sign out: the page's caches and the worker's, and this
 * browser's push subscription (ended at the push service, so the next push to it answers 410 and
 * the server drops it: the next person on this device never receives the member's pushes).
 */
export async function forgetMemberAnswers(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PRIVATE_CACHE);
  await tellWorkers({ type: 'SIGNED_OUT' });
  await unsubscribeDevice().catch(() => undefined);
}

const lastUpdated = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? 'earlier'
    : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

function useThemeColour(colour: string): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = colour;
  }, [colour]);
}

/** When a screen shows answers the worker kept (offline): when they were stored. */
function useOfflineAnswers(): string | null {
  const [storedAt, setStoredAt] = useState<string | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data?.type === 'SERVED_FROM_CACHE') setStoredAt(event.data.storedAt);
    };
    const onOnline = () => setStoredAt(null);
    navigator.serviceWorker.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return storedAt;
}

const barStyle = {
  position: 'fixed',
  left: 12,
  right: 12,
  zIndex: 400,
  maxWidth: 480,
  marginInline: 'auto',
} as const;

export function PwaRuntime() {
  const { headerColor } = useBranding();
  const { user, loading } = useSession();
  const [waiting, setWaiting] = useState<Registered | null>(null);
  const offlineSince = useOfflineAnswers();
  useThemeColour(headerColor);

  useEffect(() => registerServiceWorker(setWaiting), []);

  const signedOut = !loading && !user;
  useEffect(() => {
    if (signedOut) void forgetMemberAnswers();
  }, [signedOut]);

  return (
    <>
      {offlineSince !== null && (
        <Paper role="status" shadow="sm" p="xs" withBorder style={{ ...barStyle, top: 68 }}>
          <Text size="sm">Offline — last updated {lastUpdated(offlineSince)}</Text>
        </Paper>
      )}
      {waiting && (
        <Paper role="status" shadow="md" p="sm" withBorder style={{ ...barStyle, bottom: 12 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">A new version is available</Text>
            <Button size="xs" onClick={() => waiting.activateWaiting()}>
              Reload
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
