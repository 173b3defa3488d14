/**
 * /players (SPEC §2 Players): "Team Players" for admins, "Team Roster" for players; a card per
 * active member, searchable by name or position. Season stats, coach notes and the edit modal
 * come with the People work.
 */
import { useState } from 'react';
import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { ErrorNotice, LoadingNotice, useSession } from '@teamapp/ui';
import { usePlayers } from '../api/get-players';
import { PlayerCard } from './player-card';

export const LOAD_FAILED = 'Failed to load players';

export function PlayersPage() {
  const { isAdmin } = useSession();
  const [search, setSearch] = useState('');
  const query = usePlayers();

  const needle = search.trim().toLowerCase();
  const players = (query.data ?? []).filter(
    (p) =>
      !needle ||
      p.name.toLowerCase().includes(needle) ||
      (p.position ?? '').toLowerCase().includes(needle),
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {isAdmin ? 'Team Players' : 'Team Roster'}
      </Title>
      <TextInput
        label="Search players"
        placeholder="Search by name or position"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {query.isPending && <LoadingNotice label="Loading players..." />}
      {query.isError && (
        <ErrorNotice
          message={errorText(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && players.length === 0 && (
        <Text c="dimmed" role="status">
          {needle ? 'No players match your search.' : 'No players yet.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {players.map((player) => (
          <PlayerCard key={player.id} player={player} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
