/**
 * /dashboard (reference §2 Dashboard): greeting, four stat cards, Recent Activity, Quick Actions.
 * The event figures come from GET /events (see dashboard-stats.ts); a card shows "…" while its
 * data loads and "—" when it failed. Failures are only logged (reference §8), never shown.
 */
import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '@teamapp/api-client';
import { chatEndpoints, type EventsResponse } from '@teamapp/contracts';
import {
  eventsQuery,
  membersQuery,
  useApi,
  usePageTitle,
  useRequest,
  useSession,
} from '@teamapp/ui';
import {
  averageAttendance,
  nextEvent,
  playerAttendanceRate,
  upcomingEvents,
  whenLabel,
} from './dashboard-stats';

/** GET /events: the key names the endpoint and caches its answer as is. */

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
      <Text size="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
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
  const request = useRequest();
  usePageTitle('Dashboard');

  const allUsers = useQuery({
    ...membersQuery(request),
    enabled: isAdmin,
  });
  const team = useQuery({
    queryKey: ['users', 'team'],
    queryFn: () => api.users.team(),
    enabled: !isAdmin,
  });
  // GET /chat: the rooms the member is in (the chat remote reads the same key and endpoint).
  const chats = useQuery({
    queryKey: ['chat'],
    queryFn: () => call(request, chatEndpoints.rooms),
    enabled: !!user,
  });
  const events = useQuery({
    ...eventsQuery(request),
    enabled: !!user,
  });

  if (!user) return null;

  const countOrDash = (isLoading: boolean, isError: boolean, count: number | undefined) =>
    isLoading ? '…' : isError || count === undefined ? '—' : String(count);

  const activePlayers = allUsers.data?.filter((u) => u.role === 'player' && u.is_active).length;
  const now = new Date();

  /** An events card: "…" while loading, "—" on failure, otherwise what `show` makes of them. */
  const eventsCard = (
    label: string,
    show: (answer: EventsResponse) => Omit<StatCardProps, 'label'>,
  ): StatCardProps =>
    events.isLoading
      ? { label, value: '…' }
      : events.isError || !events.data
        ? { label, value: '—' }
        : { label, ...show(events.data) };

  /** A rounded percentage, or "—" with `none` when there is nothing to count. */
  const percentCard = (
    label: string,
    rate: (answer: EventsResponse) => number | null,
    none: string,
  ) =>
    eventsCard(label, (answer) => {
      const value = rate(answer);
      return value === null ? { value: '—', hint: none } : { value: `${value}%` };
    });

  const activeChats: StatCardProps = {
    label: 'Active Chats',
    value: countOrDash(chats.isLoading, chats.isError, chats.data?.chatRooms.length),
  };

  const stats: StatCardProps[] = isAdmin
    ? [
        {
          label: 'Total Players',
          value: countOrDash(allUsers.isLoading, allUsers.isError, activePlayers),
        },
        eventsCard('Upcoming Events', ({ events: list }) => {
          const count = upcomingEvents(list, now).length;
          return { value: String(count), hint: count === 0 ? 'No upcoming events' : undefined };
        }),
        percentCard(
          'Average Attendance',
          ({ events: list }) => averageAttendance(list, now),
          'No responses yet',
        ),
        activeChats,
      ]
    : [
        eventsCard('Next Event', ({ events: list, timeZone }) => {
          const next = nextEvent(list, now);
          return next
            ? { value: next.title, hint: whenLabel(next.event_date, now, timeZone) }
            : { value: '—', hint: 'No upcoming events' };
        }),
        percentCard(
          'Attendance Rate',
          ({ events: list }) => playerAttendanceRate(list, user.id),
          'No events yet',
        ),
        {
          label: 'Team Members',
          value: countOrDash(team.isLoading, team.isError, team.data?.length),
        },
        activeChats,
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
