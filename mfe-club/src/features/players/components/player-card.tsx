/** One member of the team directory: picture or initials, name, nickname and contact details. */
import type { ReactNode } from 'react';
import { Anchor, Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { PlayerCard as Player } from '../api/get-players';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

export function PlayerCard({ player }: { player: Player }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={player.name}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          {/* Mantine shows the initials when the picture is missing or fails to load. */}
          <Avatar src={player.picture} alt="" size="lg" radius="xl" color="blue">
            {initials(player.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text component="h2" fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {player.name}
            </Text>
            {player.nickname && (
              <Text size="sm" c="dimmed">
                &ldquo;{player.nickname}&rdquo;
              </Text>
            )}
          </div>
        </Group>
        <Stack gap={4}>
          <Detail label="Position">{player.position || 'Not set'}</Detail>
          <Detail label="Email">
            <Anchor href={`mailto:${player.email}`} size="sm">
              {player.email}
            </Anchor>
          </Detail>
          {player.phone && <Detail label="Phone">{player.phone}</Detail>}
          <Detail label="Joined">{joinedFormat.format(new Date(player.joined))}</Detail>
        </Stack>
        {player.bio && <Text size="sm">{player.bio}</Text>}
      </Stack>
    </Card>
  );
}
