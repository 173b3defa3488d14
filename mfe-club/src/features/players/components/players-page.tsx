/**
 * /players (reference §2 Players): "Team Players" for admins, "Team Roster" for players; the
 * team's record this season, then a card per active member, searchable by name or position.
 * Admins see Season Stats (games, goals, assists) and Coach Notes and edit any card; a member
 * edits their own. Remove Player only points to the Users page.
 *
 * Teams (docs/reference.md "Teams"): with several teams and one chosen in the header, the cards are
 * that team's roster (GET /teams/:id/members joined with the directory for the card's fields),
 * a coach marked as such, and Season Stats and the Team Record are that team's; with "All my
 * teams", or one team in the club, it is the directory and the club's figures.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  ErrorNotice,
  LiveRegion,
  LoadingNotice,
  PageHeader,
  SearchField,
  usePageTitle,
  useSession,
  useTeamChoice,
  useTeamMembers,
} from '@teamapp/ui';
import { usePlayers, type PlayerCard as Player } from '../api/get-players';
import { toSeasonStats, useSeasonStats } from '../api/season-stats';
import { PlayerCard } from './player-card';
import { PlayerEditModal } from './player-edit-modal';
import { TeamRecord } from './team-record';

export const REMOVE_ON_USERS_PAGE =
  'To remove a player, go to the Users page. Removing a player there deletes their account.';

export const LOAD_FAILED = 'Failed to load players';

export function PlayersPage() {
  const { isAdmin, user, updateUser } = useSession();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Player | null>(null);
  const [removing, setRemoving] = useState<Player | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const directory = usePlayers();
  const { severalTeams, team: chosen } = useTeamChoice();
  const team = severalTeams ? chosen : null;
  const roster = useTeamMembers(team?.id ?? null);
  const rolesInTeam = new Map(roster.data?.members.map((m) => [m.userId, m.role]));
  // The roster's members with their directory cards; the directory itself with no team chosen.
  const reads = team ? [directory, roster] : [directory];
  const failed = reads.find((r) => r.isError);
  const ready = reads.every((r) => r.isSuccess);
  const cards = (directory.data ?? []).filter((p) => !team || rolesInTeam.has(p.id));
  const season = useSeasonStats(team?.id ?? null);
  const { statsOf, team: record } = toSeasonStats(season.data);
  const statsPlaceholder = season.isError ? '–' : '…';
  usePageTitle(isAdmin ? 'Team Players' : 'Team Roster');

  const needle = search.trim().toLowerCase();
  const players = (ready ? cards : []).filter(
    (p) =>
      !needle ||
      p.name.toLowerCase().includes(needle) ||
      (p.position ?? '').toLowerCase().includes(needle),
  );

  return (
    <Stack gap="md">
      <PageHeader title={isAdmin ? 'Team Players' : 'Team Roster'} />
      {team && (
        <Group gap="xs">
          <Badge color={team.colour} variant="filled" size="lg">
            {team.name}
          </Badge>
        </Group>
      )}
      <TeamRecord
        team={record}
        pending={season.isPending}
        error={season.isError ? season.error : null}
        onRetry={() => void season.refetch()}
      />
      <SearchField
        label="Search players"
        placeholder="Search by name or position"
        value={search}
        onChange={setSearch}
      />
      <LiveRegion>{saved && <Alert color="green">{saved}</Alert>}</LiveRegion>
      {!ready && !failed && <LoadingNotice label="Loading players..." />}
      {failed && (
        <ErrorNotice
          message={errorText(failed.error, LOAD_FAILED)}
          onRetry={() => void failed.refetch()}
        />
      )}
      {ready && players.length === 0 && (
        <Text c="dimmed" role="status">
          {needle ? 'No players match your search.' : 'No players yet.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {players.map((player) => (
          <PlayerCard
            key={player.id}
            player={player}
            coach={rolesInTeam.get(player.id) === 'coach'}
            stats={isAdmin ? statsOf(player.id) : undefined}
            statsPlaceholder={statsPlaceholder}
            showCoachNotes={isAdmin}
            onEdit={
              isAdmin || player.id === user?.id
                ? () => {
                    setSaved(null);
                    setEditing(player);
                  }
                : undefined
            }
            onRemove={isAdmin ? () => setRemoving(player) : undefined}
          />
        ))}
      </SimpleGrid>
      {editing && (
        <PlayerEditModal
          player={editing}
          asAdmin={isAdmin}
          stats={isAdmin ? statsOf(editing.id) : undefined}
          statsPlaceholder={statsPlaceholder}
          onClose={() => setEditing(null)}
          onSaved={(message, changes) => {
            // One's own name or email changed: the header shows it at once.
            if (editing.id === user?.id) updateUser(changes);
            setEditing(null);
            setSaved(message);
          }}
        />
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove Player"
        centered
      >
        <Text mb="lg">{REMOVE_ON_USERS_PAGE}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setRemoving(null)} data-autofocus>
            OK
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
