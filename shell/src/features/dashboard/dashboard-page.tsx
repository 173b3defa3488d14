/**
 * /dashboard (SPEC §2 Dashboard): greeting, four stat cards, Recent Activity, Quick Actions.
 * Events and chat have no service yet, so their cards say so honestly ("0", "—") instead of
 * inventing numbers. Failures are only logged (SPEC §8), never shown.
 */
import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApi, usePageTitle, useSession } from '@teamapp/ui';

interface StatCardProps {
  label: string;
  value: string;
  hint?: string;
}

function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

const ADMIN_ACTIONS = [
  { to: '/schedule', label: 'Manage Schedule' },
  { to: '/players', label: 'View Players' },
  { to: '/news', label: 'Post News' },
  { to: '/attendance', label: 'Track Attendance' },
];
const PLAYER_ACTIONS = [
  { to: '/availability', label: 'Update Availability' },
  { to: '/schedule', label: 'View Schedule' },
  { to: '/chat', label: 'Team Chat' },
  { to: '/gallery', label: 'Team Gallery' },
];

export default function DashboardPage() {
  const { user, isAdmin } = useSession();
  const api = useApi();
  usePageTitle('Dashboard');

  const allUsers = useQuery({
    queryKey: ['users', 'all'],
    queryFn: () => api.users.all(),
    enabled: isAdmin,
  });
  const team = useQuery({
    queryKey: ['users', 'team'],
    queryFn: () => api.users.team(),
    enabled: !isAdmin,
  });

  if (!user) return null;

  const countOrDash = (isLoading: boolean, isError: boolean, count: number | undefined) =>
    isLoading ? '…' : isError || count === undefined ? '—' : String(count);

  const activePlayers = allUsers.data?.filter((u) => u.role === 'player' && u.is_active).length;

  const stats: StatCardProps[] = isAdmin
    ? [
        {
          label: 'Total Players',
          value: countOrDash(allUsers.isLoading, allUsers.isError, activePlayers),
        },
        { label: 'Upcoming Events', value: '0', hint: 'No upcoming events' },
        { label: 'Average Attendance', value: '—', hint: 'No responses yet' },
        { label: 'Active Chats', value: '0' },
      ]
    : [
        { label: 'Next Event', value: '—', hint: 'No upcoming events' },
        { label: 'Attendance Rate', value: '—', hint: 'No responses yet' },
        {
          label: 'Team Members',
          value: countOrDash(team.isLoading, team.isError, team.data?.length),
        },
        { label: 'Active Chats', value: '0' },
      ];

  const actions = isAdmin ? ADMIN_ACTIONS : PLAYER_ACTIONS;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome back, {user.name}!
        </Title>
        <Text c="dimmed">
          {isAdmin
            ? "Here's an overview of your team and club activity."
            : "Here's what's happening with your team."}
        </Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="sm">
            Recent Activity
          </Title>
          <Text c="dimmed">No recent activity to display</Text>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="sm">
            Quick Actions
          </Title>
          <Group gap="sm">
            {actions.map((action) => (
              <Anchor key={action.to} component={Link} to={action.to}>
                {action.label}
              </Anchor>
            ))}
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
