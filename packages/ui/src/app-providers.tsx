/**
 * Everything a frontend wraps itself in: Mantine (theme, confirmation dialogs, notices), TanStack
 * Query, the session, the live channel (one shared socket), the branding and the member's team
 * choice. The shell mounts it once; a remote only mounts it when running standalone.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import notificationStyles from '@mantine/notifications/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme/theme';
import { SessionProvider } from './session/session-context';
import { BrandingProvider } from './branding/branding-context';
import { LiveProvider } from './live/live-context';
import { TeamChoiceProvider } from './teams/team-choice';
import { linkStylesheet } from './components/stylesheet';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The notices' own few rules (where their stack sits); the mount links Mantine's main sheet.
  useEffect(() => void linkStylesheet(notificationStyles), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LiveProvider>
            <BrandingProvider>
              <TeamChoiceProvider>
                <ModalsProvider>{children}</ModalsProvider>
              </TeamChoiceProvider>
            </BrandingProvider>
          </LiveProvider>
        </SessionProvider>
      </QueryClientProvider>
      <Notifications position="top-right" />
    </MantineProvider>
  );
}
