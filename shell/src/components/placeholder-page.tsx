/** The one-line placeholder pages (reference §2: gallery, documents, registration). */
import { Paper, Title } from '@mantine/core';
import { usePageTitle } from '@teamapp/ui';

export function PlaceholderPage({ text }: { text: string }) {
  // "Team Gallery - Coming soon" is titled "Team Gallery".
  usePageTitle(text.split(' - ')[0] ?? text);
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={1} size="h2">
        {text}
      </Title>
    </Paper>
  );
}
