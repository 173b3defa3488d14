/**
 * One user in the list: name, email, role badge, joined date, and for admins the invitation state
 * and the actions. Every action's accessible name carries the user's name. No password is shown.
 * A young player without a login (docs/reference.md "Families") shows "No login" instead of an
 * email, and no mail link; for admins their card opens the Guardians section.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { NoLoginBadge, roleLabel, UserAvatar, CardAction } from '@teamapp/ui';
import type { UserRow } from '../api/get-users';

const joinedFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** A mail link with a greeting already written (reference §2 "send-email action"). */
export function mailtoHref(user: Pick<UserRow, 'name' | 'email'>, teamName: string): string {
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  const query = [
    `subject=${encodeURIComponent(`Message from ${teamName}`)}`,
    `body=${encodeURIComponent(`Hi ${firstName},\n\n`)}`,
  ].join('&');
  return `mailto:${user.email}?${query}`;
}

const invitationBadge = {
  pending: { label: 'Invitation pending', color: 'yellow' },
  expired: { label: 'Invitation expired', color: 'red' },
} as const;

export interface UserActions {
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
  onResend: (user: UserRow) => void;
  /** The id whose invitation is being resent. */
  resendingId: string | null;
  /** Opens a young player's card (their guardians). */
  onGuardians: (user: UserRow) => void;
}

/** A young player: no login of their own, or under the club's adult age. */
export const isChild = (user: Pick<UserRow, 'hasLogin' | 'minor'>) => !user.hasLogin || user.minor;

export function UserCard({
  user,
  isSelf,
  teamName,
  actions,
}: {
  user: UserRow;
  isSelf: boolean;
  teamName: string;
  /** Admins only; without it the card is read-only. */
  actions?: UserActions;
}) {
  const invitation =
    user.invitation === 'pending' || user.invitation === 'expired'
      ? invitationBadge[user.invitation]
      : null;
  const resending = actions?.resendingId === user.id;

  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <UserAvatar name={user.name} picture={user.picture} size={40} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>
                {user.name}
                {isSelf && (
                  <Text span c="dimmed" fw={400}>
                    {' '}
                    (you)
                  </Text>
                )}
              </Text>
              {user.hasLogin ? (
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
              ) : (
                <NoLoginBadge mt={2} />
              )}
            </div>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Badge color={user.role === 'admin' ? 'grape' : 'blue'} variant="light">
              {roleLabel(user.role)}
            </Badge>
            {invitation && (
              <Badge color={invitation.color} variant="light">
                {invitation.label}
              </Badge>
            )}
            {!user.isActive && (
              <Badge color="gray" variant="light">
                Inactive
              </Badge>
            )}
          </Group>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            Joined {joinedFormat.format(new Date(user.joined))}
          </Text>
          <Group gap="xs" wrap="wrap">
            {user.hasLogin && (
              <Button
                component="a"
                href={mailtoHref(user, teamName)}
                size="xs"
                variant="light"
                aria-label={`Email ${user.name}`}
              >
                Email
              </Button>
            )}
            {actions && (
              <>
                {isChild(user) && (
                  <CardAction
                    name={`Guardians of ${user.name}`}
                    color="grape"
                    onClick={() => actions.onGuardians(user)}
                  >
                    Guardians
                  </CardAction>
                )}
                {invitation && (
                  <CardAction
                    name={`Resend Invitation to ${user.name}`}
                    color="yellow"
                    disabled={resending}
                    onClick={() => actions.onResend(user)}
                  >
                    {resending ? 'Resending...' : 'Resend Invitation'}
                  </CardAction>
                )}
                <CardAction name={`Edit ${user.name}`} onClick={() => actions.onEdit(user)}>
                  Edit
                </CardAction>
                {!isSelf && (
                  <CardAction
                    name={`Delete ${user.name}`}
                    color="red"
                    onClick={() => actions.onDelete(user)}
                  >
                    Delete
                  </CardAction>
                )}
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
