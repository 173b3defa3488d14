/**
 * The installed app's page side (reference §2 "Installing and offline use"), mounted once beside
 * the app: registers the service worker once the page is usable, offers "Reload" when a new
 * version is waiting, says when a screen shows what was last seen offline (where the screen does
 * not say it itself), has the screens read again once sends made offline went through, keeps
 * the browser's theme colour on the club's header colour, and empties the member's kept answers
 * and waiting sends at sign-out.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  forgetOfflineState,
  OfflineLine,
  onSendsDelivered,
  useBranding,
  useOfflineSince,
  useScreenOfflineNote,
  useSession,
  watchServiceWorker,
} from '@teamapp/ui';
import { unsubscribeDevice } from '../features/profile/push-device';
import { PRIVATE_CACHE } from './caches';
import { registerServiceWorker, tellWorkers, type Registered } from './register';

/**
 * Nothing of the member's stays once they sign out: the page's caches and the worker's (with the
 * sends still waiting for a network), and this browser's push subscription (ended at the push service, so the next push to it answers 410 and
 * the server drops it: the next person on this device never receives the member's pushes).
 */
export async function forgetMemberAnswers(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PRIVATE_CACHE);
  forgetOfflineState();
  await tellWorkers({ type: 'SIGNED_OUT' });
  await unsubscribeDevice().catch(() => undefined);
}

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
  const queryClient = useQueryClient();
  // The schedule and the chat say it themselves; elsewhere (the dashboard) this line does.
  const offlineSince = useOfflineSince();
  const screenSaysIt = useScreenOfflineNote();
  useThemeColour(headerColor);

  useEffect(() => {
    watchServiceWorker();
    registerServiceWorker(setWaiting);
  }, []);
  // Sends made offline went through: every screen reads the server's answers again.
  useEffect(() => onSendsDelivered(() => void queryClient.invalidateQueries()), [queryClient]);

  const signedOut = !loading && !user;
  useEffect(() => {
    if (signedOut) void forgetMemberAnswers();
  }, [signedOut]);

  return (
    <>
      {offlineSince !== null && !screenSaysIt && (
        <div role="status" style={{ ...barStyle, top: 68 }}>
          <OfflineLine since={offlineSince} />
        </div>
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
