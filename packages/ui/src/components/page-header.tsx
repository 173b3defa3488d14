/** A page's heading, its one h1, and beside it (wrapping below on a narrow screen) its actions. */
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (children === undefined) return heading;
  return (
    <Group justify="space-between" wrap="wrap">
      {heading}
      {children}
    </Group>
  );
}
