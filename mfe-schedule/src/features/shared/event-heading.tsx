/**
 * The top left of an event's card: its title as a heading of the page's next level, and under it
 * what the card says of when and where (EventTimePlace, or the card's own line).
 */
import type { ReactNode } from 'react';
import { Text, Title, type TitleOrder } from '@mantine/core';
import { clubDateTime } from './club-time';

export function EventHeading({
  title,
  order = 3,
  size = 'h4',
  children,
}: {
  title: string;
  order?: TitleOrder;
  size?: 'h4' | 'h5';
  children: ReactNode;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Title order={order} size={size} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {children}
    </div>
  );
}

/** The event's start in club time, and its place. */
export function EventTimePlace({
  date,
  location,
  timeZone,
}: {
  date: string;
  location: string;
  timeZone: string;
}) {
  return (
    <>
      <Text size="sm" fw={500}>
        {clubDateTime(date, timeZone)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {location}
      </Text>
    </>
  );
}
