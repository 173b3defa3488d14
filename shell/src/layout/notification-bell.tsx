/**
 * The header bell: unread badge, dropdown of the latest notifications with relative times,
 * click to mark one read, Mark all read. New notifications arrive on the live channel (the one
 * socket the page shares with Chat), unread count included; the bell reloads when the socket
 * (re)connects, and polls slowly only while it is down. The dropdown is a dialog named by the bell button; it takes focus
 * when it opens and gives it back to the bell when it closes.
 */
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useRef } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_FETCH_SIZE,
  type ChatServerFrame,
  type Notification,
} from '@teamapp/contracts';
import { useApi, useLiveFrames, useLiveStatus } from '@teamapp/ui';
import { afterOneRead, relativeTime } from './relative-time';

const LIST_KEY = ['notifications', 'list'] as const;
const COUNT_KEY = ['notifications', 'unread-count'] as const;
/** Only while the live socket is down. */
export const FALLBACK_POLL_MS = 60_000;

function useNotifications() {
  const api = useApi();
  const queryClient = useQueryClient();
  const live = useLiveStatus() === 'open';
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => api.notifications.list(NOTIFICATION_FETCH_SIZE),
    refetchInterval: live ? false : FALLBACK_POLL_MS,
    refetchOnWindowFocus: !live,
  });
  const count = useQuery({
    queryKey: COUNT_KEY,
    queryFn: () => api.notifications.unreadCount(),
    refetchInterval: live ? false : FALLBACK_POLL_MS,
    refetchOnWindowFocus: !live,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });

  useLiveFrames((frame: ChatServerFrame) => {
    if (frame.type === 'ready') {
      // (Re)connected: anything that arrived while the socket was down is fetched now.
      void refresh();
    } else if (frame.type === 'notification') {
      const { notification, unreadCount } = frame;
      queryClient.setQueryData<Notification[]>(LIST_KEY, (items) =>
        items
          ? [notification, ...items.filter((n) => n.id !== notification.id)].slice(
              0,
              NOTIFICATION_FETCH_SIZE,
            )
          : items,
      );
      queryClient.setQueryData<number>(COUNT_KEY, unreadCount);
    }
  });

  const markRead = useMutation({
    mutationFn: (id: string) => api.notifications.markRead(id),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(LIST_KEY, (items) =>
        items?.map((n) => (n.id === id ? { ...n, is_read: true } : n)),
      );
      queryClient.setQueryData<number>(COUNT_KEY, (n) => afterOneRead(n ?? 0));
    },
    onSettled: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: () => api.notifications.markAllRead(),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(LIST_KEY, (items) =>
        items?.map((n) => ({ ...n, is_read: true })),
      );
      queryClient.setQueryData<number>(COUNT_KEY, 0);
    },
    onSettled: refresh,
  });

  return {
    items: list.data ?? [],
    loading: list.isPending,
    unreadCount: count.data ?? 0,
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
  };
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

/**
 * One notification. Its button is named by the title alone ("Unread: " first while unread), so
 * the name is the text it shows; time and message describe it. The whole row takes a click,
 * which is only a larger target for the pointer: the button is what keyboards and screen
 * readers use, and its click reaches the row's handler.
 */
function NotificationRow({ item, onRead }: { item: Notification; onRead: (id: string) => void }) {
  const detailsId = useId();
  return (
    <Box
      onClick={() => !item.is_read && onRead(item.id)}
      data-testid="notification-item"
      data-read={item.is_read}
      p="xs"
      style={{
        borderRadius: 6,
        background: item.is_read ? undefined : 'var(--mantine-color-blue-0)',
        cursor: 'pointer',
      }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <UnstyledButton
          aria-describedby={
            item.message ? `${detailsId}-time ${detailsId}-message` : `${detailsId}-time`
          }
          style={{ textAlign: 'start' }}
        >
          <Text size="sm" fw={item.is_read ? 400 : 600} component="span">
            {!item.is_read && <VisuallyHidden>Unread: </VisuallyHidden>}
            {item.title}
          </Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} id={`${detailsId}-time`}>
          {relativeTime(item.created_at)}
        </Text>
      </Group>
      {item.message && (
        <Text size="xs" c="dimmed" id={`${detailsId}-message`}>
          {item.message}
        </Text>
      )}
    </Box>
  );
}

/** `color`: the header's readable text colour, for the bell icon. */
export function NotificationBell({ color }: { color: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { items, loading, unreadCount, markRead, markAllRead } = useNotifications();
  const label = unreadCount > 0 ? `Notifications (${unreadCount} unread)` : 'Notifications';
  const heading = useRef<HTMLParagraphElement>(null);
  const markAll = () => {
    markAllRead();
    // The button goes away once nothing is unread; focus stays in the dropdown, on its heading.
    heading.current?.focus();
  };
  return (
    <Popover
      opened={opened}
      onChange={close}
      position="bottom-end"
      width="min(320px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
    >
      {/* The badge repeats the count the button's name already says, so it is hidden from
          assistive technology; the popover's target (which gets aria-expanded) is the button. */}
      <Indicator
        disabled={unreadCount === 0}
        label={unreadCount > 99 ? '99+' : unreadCount}
        size={16}
        color="red"
        offset={4}
        attributes={{ indicator: { 'aria-hidden': true } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="transparent"
            size="lg"
            aria-label={label}
            onClick={toggle}
            style={{ color }}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs" px="xs">
          <Text fw={600} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            Notifications
          </Text>
          {unreadCount > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={markAll}>
              Mark all read
            </Button>
          )}
        </Group>
        {loading ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" px="xs" pb="xs">
            No notifications yet
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4}>
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} onRead={markRead} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
