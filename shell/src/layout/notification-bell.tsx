/**
 * The header bell and its dropdown. Notifications come with their own issue (GET
 * /api/notifications, unread badge, Mark all read); until then `useNotifications` returns an
 * empty list and the dropdown shows the empty state.
 */
import { ActionIcon, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

interface NotificationItem {
  id: string;
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
}

interface NotificationsState {
  items: NotificationItem[];
  unreadCount: number;
}

/** The seam where the notifications API plugs in. */
function useNotifications(): NotificationsState {
  return { items: [], unreadCount: 0 };
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function NotificationBell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { items, unreadCount } = useNotifications();
  return (
    <Popover opened={opened} onChange={close} position="bottom-end" width={300} shadow="md">
      <Popover.Target>
        <Indicator
          disabled={unreadCount === 0}
          label={unreadCount}
          size={16}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            aria-label="Notifications"
            aria-expanded={opened}
            onClick={toggle}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} mb="xs">
          Notifications
        </Text>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No notifications yet
          </Text>
        ) : (
          <Stack gap="xs">
            {items.map((item) => (
              <div key={item.id}>
                <Text size="sm" fw={item.is_read ? 400 : 600}>
                  {item.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.message}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
