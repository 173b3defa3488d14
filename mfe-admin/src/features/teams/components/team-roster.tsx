/**
 * A team's roster (/teams?team=<id>): its members with their team role. Those who run the team
 * add club members to it, remove members (after asking) and invite new people into it: club
 * admins for every member and role, a team's coach for its players only (making or removing a
 * coach is a club admin's, docs/reference.md "Teams"). Its other members see it read-only.
 * Those who run the team also add young players with no login to it and open a young player's
 * card with their guardians; such a player shows "No login" (docs/reference.md "Families").
 */
import { useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  TEAM_MEMBER_REMOVED,
  TEAM_MEMBER_SAVED,
  type Team,
  type TeamRole,
  type TeamRosterEntry,
} from '@teamapp/contracts';
import {
  CardAction,
  ConfirmDialog,
  ErrorNotice,
  LoadingNotice,
  NoLoginBadge,
  PlainList,
  useNotice,
  usePageTitle,
  UserAvatar,
  useSession,
} from '@teamapp/ui';
import { useDialogTarget } from '../../../lib/page-state';
import { usePutTeamMember, useRemoveTeamMember, useRoster } from '../api/teams';
import type { InviteToTeamProps } from '../types';
import { AddMemberForm } from './add-member-form';
import { memberCountText, TEAM_ROLE_OPTIONS, teamRoleLabel } from './team-card';
import { TeamSwatch } from './team-colour';
import { useChildren, type ChildFacts } from '../../family/api/family';
import { AddChildButton } from '../../family/components/add-child-dialog';
import { ChildCardDialog } from '../../family/components/child-card-dialog';

/** Coaches first, then by name. */
const byRoleThenName = (a: TeamRosterEntry, b: TeamRosterEntry) =>
  a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'coach' ? -1 : 1;

export function TeamRoster({
  teamId,
  InviteDialog,
}: {
  teamId: string;
  InviteDialog?: ComponentType<InviteToTeamProps>;
}) {
  const { isAdmin } = useSession();
  const query = useRoster(teamId);
  const showMessage = useNotice();
  const [inviting, setInviting] = useState(false);
  const removing = useDialogTarget<TeamRosterEntry>();
  const childCard = useDialogTarget<ChildFacts>();
  const put = usePutTeamMember();
  const remove = useRemoveTeamMember();
  const heading = useRef<HTMLHeadingElement>(null);
  const team = query.data?.team;
  const title = team ? `${team.name} Roster` : 'Roster';
  usePageTitle(title);

  const canManage = isAdmin || team?.myRole === 'coach';
  const children = useChildren(!!team);
  const members = [...(query.data?.members ?? [])].sort(byRoleThenName);
  const failed = (fallback: string) => (err: unknown) =>
    showMessage({ kind: 'error', text: errorText(err, fallback) });

  const changeRole = (member: TeamRosterEntry, role: TeamRole) =>
    put.mutate(
      { teamId, userId: member.userId, role },
      {
        onSuccess: (answer) =>
          showMessage({ kind: 'success', text: answer.message || TEAM_MEMBER_SAVED }),
        onError: failed('Failed to change the role'),
      },
    );

  return (
    <Stack gap="md">
      <div>
        <Button component={Link} to="/teams" variant="subtle" size="xs" px={4}>
          Back to Teams
        </Button>
      </div>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {team && <TeamSwatch colour={team.colour} size={24} />}
          <Title
            order={1}
            size="h2"
            ref={heading}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Title>
        </Group>
        {canManage && (
          <Group gap="sm" wrap="wrap">
            <AddChildButton teamId={teamId} />
            {InviteDialog && <Button onClick={() => setInviting(true)}>Invite to Team</Button>}
          </Group>
        )}
      </Group>
      {query.isLoading && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice
          message={errorText(query.error, 'Failed to load the roster')}
          onRetry={() => void query.refetch()}
        />
      )}
      {team && (
        <>
          <Text size="sm" c="dimmed">
            {memberCountText(members.length)}
          </Text>
          {canManage && (
            <AddMemberForm
              team={team}
              inTeam={members.map((m) => m.userId)}
              canSetCoaches={isAdmin}
              onSaved={(text) => showMessage({ kind: 'success', text })}
            />
          )}
          {members.length === 0 ? (
            <Text c="dimmed">No one is in this team yet.</Text>
          ) : (
            <PlainList gap="xs" label={`Members of ${team.name}`}>
              {members.map((member) => (
                <RosterRow
                  key={member.userId}
                  member={member}
                  team={team}
                  // A coach runs the team's players; coaches are a club admin's to change.
                  canRemove={isAdmin || (canManage && member.role === 'player')}
                  canSetRole={isAdmin}
                  saving={put.isPending && put.variables?.userId === member.userId}
                  onRole={(role) => changeRole(member, role)}
                  onRemove={() => removing.open(member)}
                  child={children.data?.get(member.userId)}
                  onGuardians={canManage ? childCard.open : undefined}
                />
              ))}
            </PlainList>
          )}
          {canManage && (
            <ConfirmDialog
              opened={removing.opened}
              title="Remove from Team"
              message={`Remove ${removing.target?.name ?? 'this member'} from ${team.name}? They stay a member of the club.`}
              confirmLabel="Remove"
              busy={remove.isPending}
              onCancel={removing.close}
              onConfirm={() => {
                const member = removing.target;
                if (!member) return;
                remove.mutate(
                  { teamId, userId: member.userId },
                  {
                    onSuccess: (answer) => {
                      removing.close();
                      showMessage({ kind: 'success', text: answer.message || TEAM_MEMBER_REMOVED });
                      // Their row, which opened the dialog, is gone: focus goes to the heading.
                      heading.current?.focus();
                    },
                    onError: (err) => {
                      removing.close();
                      failed('Failed to remove the member')(err);
                    },
                  },
                );
              }}
            />
          )}
          {canManage && InviteDialog && (
            <InviteDialog opened={inviting} onClose={() => setInviting(false)} teamId={team.id} />
          )}
          {canManage && childCard.target && (
            <ChildCardDialog key={childCard.key} child={childCard.target} {...childCard.dialog} />
          )}
        </>
      )}
    </Stack>
  );
}

function RosterRow({
  member,
  team,
  canRemove,
  canSetRole,
  saving,
  onRole,
  onRemove,
  child,
  onGuardians,
}: {
  member: TeamRosterEntry;
  team: Team;
  canRemove: boolean;
  canSetRole: boolean;
  saving: boolean;
  onRole: (role: TeamRole) => void;
  onRemove: () => void;
  /** Set when the member is a young player (no login, or under the adult age). */
  child?: ChildFacts;
  /** Opens a young player's card (those who run the team). */
  onGuardians?: (child: ChildFacts) => void;
}) {
  return (
    <Card withBorder radius="md" padding="xs" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar name={member.name} picture={member.profilePicture} size={36} />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name}
          </Text>
          {child && !child.hasLogin && <NoLoginBadge />}
        </Group>
        <Group gap="xs" wrap="wrap">
          {canSetRole ? (
            <NativeSelect
              aria-label={`Role of ${member.name} in ${team.name}`}
              data={TEAM_ROLE_OPTIONS}
              value={member.role}
              disabled={saving}
              onChange={(e) => onRole(e.currentTarget.value as TeamRole)}
              size="xs"
              w={110}
            />
          ) : (
            <Badge variant="light" color={member.role === 'coach' ? 'grape' : 'blue'}>
              {teamRoleLabel(member.role)}
            </Badge>
          )}
          {child && onGuardians && (
            <CardAction
              name={`Guardians of ${member.name}`}
              color="grape"
              onClick={() => onGuardians(child)}
            >
              Guardians
            </CardAction>
          )}
          {canRemove && (
            <CardAction
              name={`Remove ${member.name} from ${team.name}`}
              color="red"
              onClick={onRemove}
            >
              Remove
            </CardAction>
          )}
        </Group>
      </Group>
    </Card>
  );
}
