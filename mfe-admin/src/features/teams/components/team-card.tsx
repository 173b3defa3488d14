/**
 * One team in the /teams list: its colour and name, its coaches, how many are in it and the
 * viewer's role in it; a link to its roster for those who may see it (its members and club
 * admins), and for club admins Edit and Archive. Every action's accessible name carries the
 * team's name.
 */
import { Link } from 'react-router';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { TEAM_ROLES, type Team, type TeamRole } from '@teamapp/contracts';
import { TeamSwatch } from './team-colour';
import { CardAction } from '@teamapp/ui';

export const teamRoleLabel = (role: TeamRole) => (role === 'coach' ? 'Coach' : 'Player');

export const TEAM_ROLE_OPTIONS = TEAM_ROLES.map((role) => ({
  value: role,
  label: teamRoleLabel(role),
}));

export const memberCountText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

export const rosterPath = (teamId: string) => `/teams?team=${teamId}`;

export interface TeamActions {
  onEdit: (team: Team) => void;
  onArchive: (team: Team) => void;
}

export function TeamCard({
  team,
  canOpen,
  actions,
}: {
  team: Team;
  /** Whether the viewer may see the roster. */
  canOpen: boolean;
  /** Club admins only. */
  actions?: TeamActions;
}) {
  const coaches = team.coaches.map((c) => c.name).join(', ');
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <TeamSwatch colour={team.colour} size={24} />
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
          </Group>
          <Group gap="xs" wrap="wrap">
            {team.myRole && (
              <Badge variant="light" color={team.myRole === 'coach' ? 'grape' : 'blue'}>
                {`You: ${teamRoleLabel(team.myRole)}`}
              </Badge>
            )}
            {team.public && (
              <Badge variant="light" color="gray">
                Public
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">{coaches ? `Coaches: ${coaches}` : 'No coach yet'}</Text>
        <Text size="sm" c="dimmed">
          {memberCountText(team.memberCount)}
        </Text>
        {(canOpen || actions) && (
          <Group gap="xs" wrap="wrap">
            {canOpen && (
              <Button
                component={Link}
                to={rosterPath(team.id)}
                size="xs"
                variant="light"
                aria-label={`Roster of ${team.name}`}
              >
                Roster
              </Button>
            )}
            {actions && (
              <>
                <CardAction
                  name={`Edit ${team.name}`}
                  variant="default"
                  onClick={() => actions.onEdit(team)}
                >
                  Edit
                </CardAction>
                <CardAction
                  name={`Archive ${team.name}`}
                  color="red"
                  onClick={() => actions.onArchive(team)}
                >
                  Archive
                </CardAction>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
