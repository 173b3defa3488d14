/**
 * Everything a frontend wraps itself in: Mantine (theme), TanStack Query, the session, the live
 * channel (one shared socket), the branding and the member's team choice. The shell mounts it once; a remote only mounts it when running standalone.
 */
import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme/theme';
import { SessionProvider } from './session/session-context';
import { BrandingProvider } from './branding/branding-context';
import { LiveProvider } from './live/live-context';
import { TeamChoiceProvider } from './teams/team-choice';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
              <TeamChoiceProvider>{children}</TeamChoiceProvider>
            </BrandingProvider>
          </LiveProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
