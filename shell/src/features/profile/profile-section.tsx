/** One card of the profile page: a section named by its h2 title. */
import { useId, type ReactNode } from 'react';
import { Card, Title } from '@mantine/core';

export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      maw={560}
      component="section"
      aria-labelledby={titleId}
    >
      <Title order={2} size="h4" mb="md" id={titleId}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
