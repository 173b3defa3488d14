/**
 * /teams (docs/reference.md "Teams"): the club's teams, each with its colour, coaches, member
 * count and the viewer's role. Club admins create, edit and archive teams (archiving asks
 * first). `/teams?team=<id>` shows that team's roster instead (TeamRoster), so a roster has its
 * own address, heading and Back.
 */
import { useRef, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { TEAM_ARCHIVED, type Team } from '@teamapp/contracts';
import {
  ConfirmDialog,
  ErrorNotice,
  LoadingNotice,
  PlainList,
  useNotice,
  usePageTitle,
  useSession,
} from '@teamapp/ui';
import { useDialogTarget } from '../../../lib/page-state';
import { useArchiveTeam, useTeams } from '../api/teams';
import type { InviteToTeamProps } from '../types';
import { TeamCard, type TeamActions } from './team-card';
import { TeamFormDialog } from './team-form-dialog';
import { TeamRoster } from './team-roster';

export function TeamsPage({ InviteDialog }: { InviteDialog?: ComponentType<InviteToTeamProps> }) {
  const [params] = useSearchParams();
  const teamId = params.get('team');
  if (teamId) return <TeamRoster key={teamId} teamId={teamId} InviteDialog={InviteDialog} />;
  return <TeamList />;
}

function TeamList() {
  const { isAdmin } = useSession();
  const query = useTeams();
  const creating = useDialogTarget<true>();
  const editing = useDialogTarget<Team>();
  const archiving = useDialogTarget<Team>();
  const archive = useArchiveTeam();
  const showMessage = useNotice();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle('Teams');

  const teams = query.data ?? [];
  const actions: TeamActions | undefined = isAdmin
    ? { onEdit: editing.open, onArchive: archiving.open }
    : undefined;
  const saved = (close: () => void) => (text: string) => {
    close();
    showMessage({ kind: 'success', text });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          Teams
        </Title>
        {isAdmin && <Button onClick={() => creating.open(true)}>Create Team</Button>}
      </Group>
      {query.isLoading && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice message="Failed to load teams" onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && teams.length === 0 && (
        <Text c="dimmed">
          {isAdmin ? 'No teams yet. Create the first one.' : 'The club has no teams yet.'}
        </Text>
      )}
      {teams.length > 0 && (
        <PlainList gap="sm" label="Teams">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              canOpen={isAdmin || team.myRole !== null}
              actions={actions}
            />
          ))}
        </PlainList>
      )}
      {isAdmin && (
        <>
          <TeamFormDialog
            key={`create-${creating.key}`}
            {...creating.dialog}
            onSaved={saved(creating.close)}
          />
          {editing.target && (
            <TeamFormDialog
              key={`edit-${editing.key}`}
              team={editing.target}
              {...editing.dialog}
              onSaved={saved(editing.close)}
            />
          )}
          <ConfirmDialog
            opened={archiving.opened}
            title="Archive Team"
            message={`Archive ${archiving.target?.name ?? 'this team'}? It is hidden from the lists and its name can be used again; its events and messages are kept.`}
            confirmLabel="Archive Team"
            busy={archive.isPending}
            onCancel={archiving.close}
            onConfirm={() => {
              const team = archiving.target;
              if (!team) return;
              archive.mutate(team.id, {
                onSuccess: (answer) => {
                  archiving.close();
                  showMessage({ kind: 'success', text: answer.message || TEAM_ARCHIVED });
                  // Its card, which opened the dialog, is gone: focus goes to the heading.
                  heading.current?.focus();
                },
                onError: (err) => {
                  archiving.close();
                  showMessage({
                    kind: 'error',
                    text: errorText(err, 'Failed to archive the team'),
                  });
                },
              });
            }}
          />
        </>
      )}
    </Stack>
  );
}
