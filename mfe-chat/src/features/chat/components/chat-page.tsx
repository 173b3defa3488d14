/**
 * /chat (reference §2 Chat): the member's rooms on the left (search by name, member count, the last
 * message's sender and first 30 characters), the open room on the right ("Select a chat room"
 * until one is chosen). Admins make rooms ("New Room") and delete them after the reference's question.
 * New messages, previews and per-room unread counts arrive over the live channel without a
 * reload (live-chat.ts); a room's unread count shows as a badge on its button.
 *
 * Teams (docs/reference.md "Teams"): every team has its room, whose members follow the team's
 * roster (nobody edits or deletes it). A coach makes and deletes further rooms of the teams they
 * coach. With several teams a team's rooms wear its colour (its own room marked "Team room"),
 * and with a team chosen in the header the list holds that team's rooms and the club's.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Box,
  Flex,
  Group,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@teamapp/api-client';
import type { ChatRoom, Team } from '@teamapp/contracts';
import {
  ErrorNotice,
  LoadingNotice,
  PageHeader,
  PlainList,
  useConfirmedDelete,
  useLiveSend,
  usePageTitle,
  useSession,
  useTeamChoice,
  OutcomeRegion,
} from '@teamapp/ui';
import { useDeleteRoom, useRooms } from '../api/chat-api';
import { markShownRead, useLiveChat } from '../api/live-chat';
import { NewRoomDialog } from './new-room-dialog';
import { RoomView } from './room-view';
import { TeamMark } from './team-mark';

export const CONFIRM_DELETE =
  'Are you sure you want to delete this chat room? This action cannot be undone.';
const LOAD_FAILED = 'Failed to fetch chat rooms';
const DELETE_FAILED = 'Failed to delete chat room';

function RoomButton({
  room,
  team,
  active,
  onSelect,
}: {
  room: ChatRoom;
  /** The room's team, shown with several teams. */
  team: Team | null;
  active: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      p="sm"
      w="100%"
      style={{
        borderRadius: 8,
        border: '1px solid var(--mantine-color-gray-3)',
        background: active ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={room.unreadCount > 0 ? 700 : 600} style={{ overflowWrap: 'anywhere' }}>
            {room.name}
          </Text>
          {team && <TeamMark room={room} team={team} />}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {room.memberCount} {room.memberCount === 1 ? 'member' : 'members'}
          </Text>
          {room.unreadCount > 0 && (
            <Badge size="sm" color="blue.8" circle={room.unreadCount < 10} data-testid="unread">
              {room.unreadCount > 99 ? '99+' : room.unreadCount}
              <VisuallyHidden>
                {room.unreadCount === 1 ? ' unread message' : ' unread messages'}
              </VisuallyHidden>
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {room.lastMessage
          ? `${room.lastMessage.senderName}: ${room.lastMessage.content}`
          : 'No messages yet'}
      </Text>
    </UnstyledButton>
  );
}

export function ChatPage() {
  usePageTitle('Chat');
  const { isAdmin } = useSession();
  const { coachedTeams, severalTeams, teams, teamId } = useTeamChoice();
  // A club admin makes rooms for the club and any team; a coach for the teams they coach.
  const canCreate = isAdmin || coachedTeams.length > 0;
  // A team's own room follows the team and is never deleted; a coach deletes their teams' rooms.
  const mayDelete = (room: ChatRoom) =>
    !room.teamRoom &&
    (isAdmin || (!!room.teamId && coachedTeams.some((t) => t.id === room.teamId)));
  const teamOf = (room: ChatRoom) =>
    (severalTeams && room.teamId && teams.find((t) => t.id === room.teamId)) || null;
  const rooms = useRooms();
  const queryClient = useQueryClient();
  const sendLive = useLiveSend();
  const remove = useDeleteRoom();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useLiveChat(selectedId);

  const needle = search.trim().toLowerCase();
  const list = (rooms.data ?? []).filter(
    (r) =>
      (!needle || r.name.toLowerCase().includes(needle)) &&
      (!severalTeams || !teamId || !r.teamId || r.teamId === teamId),
  );
  const selected = (rooms.data ?? []).find((r) => r.id === selectedId) ?? null;

  const deletion = useConfirmedDelete({
    what: 'Room',
    message: CONFIRM_DELETE,
    remove: async (room: { id: string }) => {
      const answer = await remove.mutateAsync(room.id);
      setSelectedId(null);
      return answer;
    },
    failed: DELETE_FAILED,
    onOutcome: setMessage,
  });

  return (
    <Stack gap="md">
      <PageHeader title="Team Chat">
        {canCreate && (
          <Button
            onClick={() => {
              setMessage(null);
              setCreating(true);
            }}
          >
            New Room
          </Button>
        )}
      </PageHeader>
      <OutcomeRegion message={message} />
      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="stretch">
        <Box w={{ base: '100%', md: 320 }} style={{ flexShrink: 0 }}>
          <Stack gap="sm" component="nav" aria-label="Chat rooms">
            <TextInput
              label="Search rooms"
              placeholder="Search by name"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            {rooms.isPending && <LoadingNotice label="Loading chat rooms..." />}
            {rooms.isError && (
              <ErrorNotice
                message={errorText(rooms.error, LOAD_FAILED)}
                onRetry={() => void rooms.refetch()}
              />
            )}
            {rooms.isSuccess && list.length === 0 && (
              <Text c="dimmed" size="sm">
                {needle ? 'No rooms match your search.' : 'No chat rooms yet.'}
              </Text>
            )}
            <PlainList gap={6}>
              {list.map((room) => (
                <li key={room.id}>
                  <RoomButton
                    room={room}
                    team={teamOf(room)}
                    active={room.id === selectedId}
                    onSelect={() => {
                      setMessage(null);
                      setSelectedId(room.id);
                      // Opening the room reads it: its newest page loads (which the server also
                      // counts as read) and the socket says so.
                      markShownRead(queryClient, room.id);
                      sendLive({ type: 'read', roomId: room.id });
                    }}
                  />
                </li>
              ))}
            </PlainList>
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {selected ? (
            <RoomView
              key={selected.id}
              room={selected}
              team={teamOf(selected)}
              canDelete={mayDelete(selected)}
              onDelete={() => deletion.ask(selected)}
            />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              Select a chat room
            </Text>
          )}
        </Box>
      </Flex>
      {creating && (
        <NewRoomDialog
          onClose={() => setCreating(false)}
          onCreated={(room) => {
            setCreating(false);
            setSelectedId(room.id);
            setMessage({ ok: true, text: 'Chat room created successfully' });
          }}
        />
      )}
      {deletion.dialog()}
    </Stack>
  );
}
