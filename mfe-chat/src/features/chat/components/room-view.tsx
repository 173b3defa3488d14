/**
 * One open room: its messages (sender and time, one's own on the right, "(edited)"), older ones
 * as the reader scrolls up (or with "Load older messages"), keeping what they were reading in
 * place, and the composer (Enter sends, Shift+Enter breaks the line, Send is disabled while
 * the text is blank; 40 to 120 px tall). After a send the text clears and the room reloads.
 * Offline (reference §2 "Installing and offline use") the room shows what was last seen, saying
 * so and when it was last updated, and a message sent then is kept: it shows at the end of the
 * list marked "Waiting to send" until the network is back and it has gone.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { ChatRoom, Team } from '@teamapp/contracts';
import {
  ErrorNotice,
  isWaitingToSend,
  LiveRegion,
  LoadingNotice,
  OfflineNote,
  useSession,
  useWaitingSends,
  WAITING_TO_SEND,
} from '@teamapp/ui';
import { useMessages, useSendMessage, waitingMessages } from '../api/chat-api';
import { TeamMark } from './team-mark';

export const SEND_FAILED = 'Failed to send message';
/** Families: a guardian reads a room a child of theirs is in, without writing in it. */
export const READ_ONLY_NOTE =
  'You are reading this room as a guardian of one of its members: only its members can write here.';
const LOAD_FAILED = 'Failed to fetch messages';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** One message in the list: who and when above its text; one's own on the right. */
function Bubble(props: {
  own: boolean;
  who: string;
  when: string;
  content: string;
  /** Kept offline until the network is back: a dashed border, "Waiting to send" as its time. */
  waiting?: boolean;
}) {
  return (
    <Box
      component="li"
      style={{ alignSelf: props.own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      <Paper
        p="xs"
        radius="md"
        bg={props.own ? 'blue.0' : 'gray.0'}
        style={{
          border: props.waiting
            ? '1px dashed var(--mantine-color-gray-6)'
            : '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Text size="xs" fw={600}>
          {props.who}{' '}
          <Text
            span
            size="xs"
            c={props.waiting ? undefined : 'dimmed'}
            fw={props.waiting ? 600 : 400}
          >
            {props.waiting ? `· ${props.when}` : props.when}
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {props.content}
        </Text>
      </Paper>
    </Box>
  );
}

interface Props {
  room: ChatRoom;
  /** The room's team, shown with several teams. */
  team: Team | null;
  canDelete: boolean;
  onDelete: () => void;
}

export function RoomView({ room, team, canDelete, onDelete }: Props) {
  const { user } = useSession();
  const messages = useMessages(room.id);
  const send = useSendMessage(room.id);
  const waiting = waitingMessages(useWaitingSends(), room.id, messages.messages);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  /** While older messages load: how far the reader was from the bottom, kept when they arrive. */
  const fromBottom = useRef<number | null>(null);
  const count = messages.messages.length;
  const newest = messages.messages[count - 1]?.id;
  const oldest = messages.messages[0]?.id;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;

  // A new message scrolls to the end when the reader is at (or near) the end, or sent it.
  const nearEnd = useRef(true);
  useEffect(() => {
    if (nearEnd.current) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest, waiting.length]);

  // Older messages went in above: the ones the reader was looking at stay where they were.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [oldest]);

  function loadOlder() {
    if (!hasNextPage || isFetchingNextPage) return;
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  }

  function onScroll() {
    const el = box.current;
    if (!el) return;
    nearEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 80) loadOlder();
  }

  async function submit() {
    const content = text.trim();
    if (!content || send.isPending) return;
    setError(null);
    try {
      nearEnd.current = true;
      await send.mutateAsync({ content, clientId: crypto.randomUUID() });
      setText('');
    } catch (err) {
      // Offline, the message is kept: it shows in the list as waiting.
      if (isWaitingToSend(err)) setText('');
      else setError(errorText(err, SEND_FAILED));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="nowrap" align="start">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {room.name}
            </Title>
            {team && <TeamMark room={room} team={team} />}
          </Group>
          <Text size="sm" c="dimmed">
            {room.memberCount} {room.memberCount === 1 ? 'member' : 'members'}
            {room.description ? ` · ${room.description}` : ''}
          </Text>
          {team && room.teamRoom && (
            <Text size="sm" c="dimmed">
              {`${team.name}'s own room: its members follow the team's roster.`}
            </Text>
          )}
        </div>
        {canDelete && (
          <Button size="xs" variant="light" color="red" onClick={onDelete}>
            Delete Room
          </Button>
        )}
      </Group>
      <OfflineNote paths={/^\/api\/chat(\/|$)/} />
      <Paper
        ref={box}
        onScroll={onScroll}
        withBorder
        p="sm"
        style={{ flex: 1, minHeight: 240, maxHeight: '55vh', overflowY: 'auto' }}
        aria-label={`Messages in ${room.name}`}
        role="log"
        tabIndex={0}
      >
        {messages.isPending && <LoadingNotice label="Loading messages..." />}
        {messages.isError && (
          <ErrorNotice
            message={errorText(messages.error, LOAD_FAILED)}
            onRetry={() => void messages.refetch()}
          />
        )}
        {hasNextPage && (
          <Group justify="center" mb="sm">
            <Button size="xs" variant="subtle" loading={isFetchingNextPage} onClick={loadOlder}>
              Load older messages
            </Button>
          </Group>
        )}
        {messages.isSuccess && count === 0 && waiting.length === 0 && (
          <Text c="dimmed" ta="center">
            No messages yet. Say hello!
          </Text>
        )}
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {messages.messages.map((m) => {
            const own = m.senderId === user?.id;
            return (
              <Bubble
                key={m.id}
                own={own}
                who={own ? 'You' : m.senderName}
                when={`${timeFormat.format(new Date(m.createdAt))}${m.isEdited ? ' (edited)' : ''}`}
                content={m.content}
              />
            );
          })}
          {waiting.map((m) => (
            <Bubble
              key={m.clientId}
              own
              waiting
              who="You"
              when={WAITING_TO_SEND}
              content={m.content}
            />
          ))}
        </Stack>
        <div ref={end} />
      </Paper>
      <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
      {room.readOnly ? (
        <Text c="dimmed" size="sm" role="note">
          {READ_ONLY_NOTE}
        </Text>
      ) : (
        <Group align="end" wrap="nowrap" gap="xs">
          <Textarea
            label="Message"
            placeholder="Type a message (Enter sends, Shift+Enter for a new line)"
            autosize
            minRows={1}
            maxRows={4}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            style={{ flex: 1 }}
            styles={{ input: { minHeight: 40, maxHeight: 120 } }}
          />
          <Button onClick={() => void submit()} disabled={!text.trim()} loading={send.isPending}>
            Send
          </Button>
        </Group>
      )}
    </Stack>
  );
}
