/**
 * The team's season on /players: games with a recorded result, wins, draws, losses and
 * goals for and against, for every member. Loading, and a failure with Retry, in place.
 */
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { TeamRecord as Record } from '@teamapp/contracts';
import { ErrorNotice, LoadingNotice } from '@teamapp/ui';
import { Stat } from './player-card';

export const STATS_FAILED = 'Failed to load season stats';

interface Props {
  team: Record | null;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}

export function TeamRecord({ team, pending, error, onRetry }: Props) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="team-record">
      <Title order={2} size="h4" id="team-record" mb="xs">
        Team Record
      </Title>
      {pending && <LoadingNotice label="Loading season stats..." />}
      {error != null && <ErrorNotice message={errorText(error, STATS_FAILED)} onRetry={onRetry} />}
      {team && team.played === 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          No results recorded yet this season.
        </Text>
      )}
      {team && (
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
          <Stat label="Played" value={team.played} />
          <Stat label="Wins" value={team.wins} />
          <Stat label="Draws" value={team.draws} />
          <Stat label="Losses" value={team.losses} />
          <Stat label="Goals For" value={team.goalsFor} />
          <Stat label="Goals Against" value={team.goalsAgainst} />
        </SimpleGrid>
      )}
    </Card>
  );
}
