/** The one-line placeholder pages (SPEC §2: gallery, documents, registration). */
import { Paper, Title } from '@mantine/core';

export function PlaceholderPage({ text }: { text: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={1} size="h2">
        {text}
      </Title>
    </Paper>
  );
}
