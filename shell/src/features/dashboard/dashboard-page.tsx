/**
 * /dashboard (reference §2 Dashboard): greeting, the stat cards, Recent Activity, Quick Actions.
 * The cards are the remotes' dashboard widgets, as their manifests declare them (exposed module
 * and a position per role): each remote computes its own figures from the data it owns, so the
 * shell only lays them out. Each widget loads on its own; while it loads its cell shows a
 * loading card, and a widget that fails shows an unavailable card with Retry, the rest of the
 * page unaffected (the failure itself is only logged, reference §8).
 */
import { Link } from 'react-router';
import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { usePageTitle, useSession } from '@teamapp/ui';
import { RemoteSlot } from '../../remotes/remote-outlet';
import { useFederation, widgetsFor } from '../../remotes/remote-registry';

/** A widget's cell while its module loads. */
function WidgetLoading() {
  return (
    <Card withBorder radius="md" padding="md" role="status">
      <Loader size="sm" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Card>
  );
}

/** A widget's cell when its module could not be loaded or crashed. */
function WidgetUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        This card is unavailable.
      </Text>
      <Group mt="xs">
        <Button size="xs" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
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
  const federation = useFederation();
  usePageTitle('Dashboard');

  if (!user) return null;

  const widgets = widgetsFor(federation.widgets, user.role);
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
        {federation.status === 'loading' && <WidgetLoading />}
        {widgets.map((widget) => (
          <RemoteSlot
            key={`${widget.remote}/${widget.expose}`}
            route={widget}
            loading={<WidgetLoading />}
            failed={(_, retry) => <WidgetUnavailable onRetry={retry} />}
          />
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
