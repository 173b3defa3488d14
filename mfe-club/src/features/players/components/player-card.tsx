/**
 * One member of the team directory: picture or initials, name, nickname and contact details; for
 * admins their Season Stats (games played, goals, assists) and Coach Notes. A young player
 * without a login (docs/reference.md "Families") shows "No login" instead of an email and no
 * mail link.
 */
import type { ReactNode } from 'react';
import { Anchor, Avatar, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { NoLoginBadge } from '@teamapp/ui';
import type { PlayerCard as Player } from '../api/get-players';
import type { PlayerStats } from '../api/season-stats';

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

export function Stat({
  label,
  value,
  placeholder = '…',
}: {
  label: string;
  value: number | null;
  /** Shown while the figure loads, or when it could not. */
  placeholder?: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value ?? placeholder}</Text>
    </div>
  );
}

/** The Season Stats heading, then Games, Goals and Assists side by side. */
export function SeasonFigures({
  stats,
  placeholder,
}: {
  stats: PlayerStats | null;
  placeholder?: string;
}) {
  return (
    <Box>
      <Text component="h3" fw={600} size="sm" mb={4}>
        Season Stats
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Stat label="Games" value={stats?.games ?? null} placeholder={placeholder} />
        <Stat label="Goals" value={stats?.goals ?? null} placeholder={placeholder} />
        <Stat label="Assists" value={stats?.assists ?? null} placeholder={placeholder} />
      </SimpleGrid>
    </Box>
  );
}

interface PlayerCardProps {
  player: Player;
  /** A coach of the team whose roster shows. */
  coach?: boolean;
  /** Admins see Season Stats and Coach Notes; undefined hides them, null while they load. */
  stats?: PlayerStats | null;
  /** What a figure shows while it loads or when it failed to. */
  statsPlaceholder?: string;
  showCoachNotes?: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
}

export function PlayerCard(props: PlayerCardProps) {
  const { player, coach, stats, statsPlaceholder, showCoachNotes, onEdit, onRemove } = props;
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
            {coach && (
              <Text size="sm" fw={600}>
                Coach
              </Text>
            )}
          </div>
        </Group>
        <Stack gap={4}>
          <Detail label="Position">{player.position || 'Not set'}</Detail>
          {player.hasLogin ? (
            // A young player's address is withheld (empty) from those who may not see it.
            player.email && (
              <Detail label="Email">
                <Anchor href={`mailto:${player.email}`} size="sm">
                  {player.email}
                </Anchor>
              </Detail>
            )
          ) : (
            <NoLoginBadge style={{ alignSelf: 'start' }} />
          )}
          {player.phone && <Detail label="Phone">{player.phone}</Detail>}
          <Detail label="Joined">{joinedFormat.format(new Date(player.joined))}</Detail>
        </Stack>
        {player.bio && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {player.bio}
          </Text>
        )}
        {stats !== undefined && <SeasonFigures stats={stats} placeholder={statsPlaceholder} />}
        {showCoachNotes && (
          <Box>
            <Text component="h3" fw={600} size="sm" mb={4}>
              Coach Notes
            </Text>
            <Text
              size="sm"
              c={player.coachNotes ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {player.coachNotes || 'No notes yet'}
            </Text>
          </Box>
        )}
        {(onEdit || onRemove) && (
          <Group gap="xs">
            {onEdit && (
              <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${player.name}`}>
                Edit
              </Button>
            )}
            {onRemove && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={onRemove}
                aria-label={`Remove Player ${player.name}`}
              >
                Remove Player
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
