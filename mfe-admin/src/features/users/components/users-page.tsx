/**
 * /users, modest for now: admins list every user (name, email, role badge, joined date); players
 * see the team list. Invitations, editing and deletion come with the user-management issue.
 */
import { Badge, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice, LoadingNotice, roleLabel, usePageTitle, useSession } from '@teamapp/ui';
import { useUserRows } from '../api/get-users';

const joinedFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export function UsersPage() {
  const { isAdmin } = useSession();
  const [search, setSearch] = useState('');
  usePageTitle('Users');
  const query = useUserRows(isAdmin);

  const needle = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter(
    (row) =>
      !needle ||
      row.name.toLowerCase().includes(needle) ||
      row.email.toLowerCase().includes(needle) ||
      (row.role ?? '').includes(needle),
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        User Management
      </Title>
      <TextInput
        label="Search users"
        placeholder="Search by name, email or role"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {query.isLoading && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice message="Failed to load users" onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && rows.length === 0 && <Text c="dimmed">No users found.</Text>}
      <Stack gap="sm">
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{row.name}</Text>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Text>
              </div>
              <Group gap="sm">
                {row.role && (
                  <Badge color={row.role === 'admin' ? 'grape' : 'blue'} variant="light">
                    {roleLabel(row.role)}
                  </Badge>
                )}
                {row.joined && (
                  <Text size="xs" c="dimmed">
                    Joined {joinedFormat.format(new Date(row.joined))}
                  </Text>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
