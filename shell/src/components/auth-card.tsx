/** A page of its own outside the app's frame (reset, first password): one centred card, its h1. */
import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';
import { MainContent } from '@teamapp/ui';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MainContent>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </MainContent>
  );
}
