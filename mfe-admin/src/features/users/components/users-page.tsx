/**
 * /users (reference §2 User Management, §4-§8): a searchable list of users with role badge and joined
 * date, and a mail link for each. Admins also invite users, edit and delete them, see pending
 * invitations and resend them; players see the list read-only. Admins also add young players
 * with no login and open a young player's card, with their guardians (docs/reference.md
 * "Families").
 */
import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { INVITATION_RESENT } from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import {
  ErrorNotice,
  LoadingNotice,
  PlainList,
  roleLabel,
  SearchField,
  useBranding,
  useNotice,
  usePageTitle,
  useSession,
} from '@teamapp/ui';
import { useDialogTarget } from '../../../lib/page-state';
import { useUserRows, type UserRow } from '../api/get-users';
import { useResendInvitation } from '../api/resend-invitation';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { UserCard, type UserActions } from './user-card';
import { AddChildButton } from '../../family/components/add-child-dialog';
import { ChildCardDialog } from '../../family/components/child-card-dialog';

const matches = (row: UserRow, needle: string) =>
  !needle ||
  row.name.toLowerCase().includes(needle) ||
  row.email.toLowerCase().includes(needle) ||
  row.role.includes(needle) ||
  roleLabel(row.role).toLowerCase().includes(needle);

export function UsersPage() {
  const { isAdmin, user: me, updateUser } = useSession();
  const { appTitle } = useBranding();
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const childCard = useDialogTarget<UserRow>();
  const editing = useDialogTarget<UserRow>();
  const deleting = useDialogTarget<UserRow>();
  const showMessage = useNotice();
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useResendInvitation();
  usePageTitle('Users');
  const query = useUserRows();

  const needle = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter((row) => matches(row, needle));

  const actions: UserActions | undefined = isAdmin
    ? {
        onEdit: editing.open,
        onDelete: deleting.open,
        onResend: (user) =>
          resend.mutate(user.id, {
            onSuccess: () => showMessage({ kind: 'success', text: INVITATION_RESENT }),
            onError: (err) =>
              showMessage({ kind: 'error', text: errorText(err, 'Failed to resend invitation') }),
          }),
        resendingId: resend.isPending ? (resend.variables ?? null) : null,
        onGuardians: childCard.open,
      }
    : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          User Management
        </Title>
        {isAdmin && (
          <Group gap="sm" wrap="wrap">
            <AddChildButton />
            <Button onClick={() => setInviting(true)}>Invite User</Button>
          </Group>
        )}
      </Group>
      <SearchField
        label="Search users"
        placeholder="Search by name, email or role"
        type="search"
        value={search}
        onChange={setSearch}
      />
      {query.isLoading && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice message="Failed to load users" onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && rows.length === 0 && <Text c="dimmed">No users found.</Text>}
      {rows.length > 0 && (
        <PlainList gap="sm" label="Users">
          {rows.map((row) => (
            <UserCard
              key={row.id}
              user={row}
              isSelf={row.id === me?.id}
              teamName={appTitle}
              actions={actions}
            />
          ))}
        </PlainList>
      )}

      {isAdmin && (
        <>
          <InviteUserDialog opened={inviting} onClose={() => setInviting(false)} />
          {childCard.target && (
            <ChildCardDialog key={childCard.key} child={childCard.target} {...childCard.dialog} />
          )}
          {editing.target && (
            <EditUserDialog
              key={editing.key}
              user={editing.target}
              isSelf={editing.target.id === me?.id}
              {...editing.dialog}
              onSaved={(saved) => {
                editing.close();
                // An admin renaming themselves sees the new name in the header at once.
                if (saved.id === me?.id) updateUser({ name: saved.name, email: saved.email });
                showMessage({ kind: 'success', text: `${saved.name}'s details were saved.` });
              }}
            />
          )}
          {deleting.target && (
            <DeleteUserDialog
              key={deleting.key}
              user={deleting.target}
              {...deleting.dialog}
              onDeleted={(user) => {
                deleting.close();
                showMessage({ kind: 'success', text: `${user.name} was removed.` });
              }}
              // Their row, which opened the dialog, is gone: focus goes to the page heading.
              onClosedAfterDelete={() => heading.current?.focus()}
            />
          )}
        </>
      )}
    </Stack>
  );
}
