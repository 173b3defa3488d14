/**
 * Chat on the live channel: the page's one shared socket (useLiveFrames from
 * @teamapp/ui, also used by the shell's bell). A new message is appended to the open room's
 * loaded messages (a message already shown is not added twice), an edit replaces it, and a room
 * frame updates that room's preview and unread count in the list. On `ready` (the first frame,
 * and again after every reconnect) each loaded room catches up from the last message it shows
 * (`?after=`), so nothing sent while the socket was down is missed or shown twice.
 */
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import type { ChatMessage, ChatRoom, ChatServerFrame } from '@teamapp/contracts';
import { useLiveFrames, useLiveSend, useRequest } from '@teamapp/ui';
import {
  messagesKey,
  mergeNewer,
  newerThan,
  roomsQueryKey,
  type MessagePage,
  type RoomsAnswer,
} from './chat-api';

type Pages = InfiniteData<MessagePage, string | undefined>;

/** Adds newer messages (oldest first) to a room's loaded pages, skipping ones already there. */
export function appendNewer(data: Pages | undefined, newer: ChatMessage[]): Pages | undefined {
  if (!data || data.pages.length === 0 || newer.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: mergeNewer(first!.messages, newer) }, ...rest] };
}

function replaceMessage(data: Pages | undefined, message: ChatMessage): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      messages: p.messages.map((m) => (m.id === message.id ? message : m)),
    })),
  };
}

function updateRoom(queryClient: QueryClient, room: ChatRoom) {
  // (A room the member has open was read as it arrived: its count is zeroed before this.)
  let known = false;
  queryClient.setQueryData<RoomsAnswer>(roomsQueryKey, (answer) => {
    if (!answer) return answer;
    known = answer.chatRooms.some((r) => r.id === room.id);
    if (!known) return answer;
    const others = answer.chatRooms.filter((r) => r.id !== room.id);
    const current = answer.chatRooms.find((r) => r.id === room.id)!;
    // A room with new activity moves to the top, as the list orders them.
    const moved = room.lastMessage?.createdAt !== current.lastMessage?.createdAt;
    const next = { ...current, ...room };
    return {
      ...answer,
      chatRooms: moved
        ? [next, ...others]
        : answer.chatRooms.map((r) => (r.id === room.id ? next : r)),
    };
  });
  // A room the list does not show yet (just created, or the member was added): reload the list.
  // So does a list whose reload is under way: its answer may predate this frame.
  if (!known || queryClient.isFetching({ queryKey: roomsQueryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true });
  }
}

/** Every loaded room fetches what came after the last message it shows. */
async function catchUp(queryClient: QueryClient, request: ApiRequest) {
  const loaded = queryClient.getQueriesData<Pages>({ queryKey: roomsQueryKey });
  await Promise.all(
    loaded.map(async ([key, data]) => {
      const roomId = key[1];
      if (typeof roomId !== 'string' || key[2] !== 'messages' || !data) return;
      const last = data.pages[0]?.messages.at(-1)?.id;
      if (!last) {
        await queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      try {
        const newer = await newerThan(request, roomId, last);
        queryClient.setQueryData<Pages>(key, (d) => appendNewer(d, newer));
      } catch {
        await queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    }),
  );
}

/** The open room's unread count is 0 in the list (its messages are on screen). */
export function markShownRead(queryClient: QueryClient, roomId: string) {
  queryClient.setQueryData<RoomsAnswer>(roomsQueryKey, (answer) =>
    answer && answer.chatRooms.some((r) => r.id === roomId && r.unreadCount > 0)
      ? {
          ...answer,
          chatRooms: answer.chatRooms.map((r) => (r.id === roomId ? { ...r, unreadCount: 0 } : r)),
        }
      : answer,
  );
}

/**
 * Keeps the chat data live. `openRoomId` is the room on screen: a message arriving there is read
 * at once (the 'read' frame tells the server, so its unread count stays 0 on every device).
 */
export function useLiveChat(openRoomId: string | null): void {
  const request = useRequest();
  const queryClient = useQueryClient();
  const send = useLiveSend();

  useLiveFrames((frame: ChatServerFrame) => {
    switch (frame.type) {
      case 'ready':
        void queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true });
        void catchUp(queryClient, request);
        break;
      case 'message':
        queryClient.setQueryData<Pages>(messagesKey(frame.roomId), (d) =>
          appendNewer(d, [frame.message]),
        );
        break;
      case 'message-edited':
        queryClient.setQueryData<Pages>(messagesKey(frame.roomId), (d) =>
          replaceMessage(d, frame.message),
        );
        break;
      case 'room':
        if (frame.room.id === openRoomId && frame.room.unreadCount > 0) {
          send({ type: 'read', roomId: frame.room.id });
          updateRoom(queryClient, { ...frame.room, unreadCount: 0 });
        } else {
          updateRoom(queryClient, frame.room);
        }
        break;
      case 'room-deleted':
        void queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true });
        queryClient.removeQueries({ queryKey: messagesKey(frame.roomId) });
        break;
      default:
        break;
    }
  });
}
