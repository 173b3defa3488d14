/**
 * The chat calls (reference §7): the member's rooms, a room's messages (newest page first,
 * older by `before`), sending with a client-made id (a retry, or a send kept offline and sent
 * later, stores one message), and the
 * admin's room creation and deletion. After a send the message joins the open room and the room
 * list reloads. Each call goes through its endpoint in packages/contracts (`chatEndpoints`); the
 * plain fetchers in `chatCalls` are what the hooks run and what the chat Pact test
 * (chat.pact.test.ts) drives.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  CHAT_PAGE_MAX,
  chatEndpoints as api,
  type ChatMessage,
  type ChatMessagesQuery,
  type CreateChatRoomInput,
  type EndpointAnswer,
  type SendChatMessageInput,
} from '@teamapp/contracts';
import { useMemberDirectory, useRead, useRequest, useWrite, type WaitingSend } from '@teamapp/ui';

export const roomsQueryKey = ['chat'] as const;
export const messagesKey = (roomId: string) => ['chat', roomId, 'messages'] as const;

export type MessagePage = EndpointAnswer<typeof api.messages>;
export type RoomsAnswer = EndpointAnswer<typeof api.rooms>;

/** The chat fetchers on a request function. */
export const chatCalls = {
  rooms: (request: ApiRequest) => call(request, api.rooms),
  messages: (request: ApiRequest, roomId: string, query: ChatMessagesQuery = {}) =>
    call(request, api.messages, { params: { id: roomId }, query }),
  send: (request: ApiRequest, roomId: string, message: SendChatMessageInput) =>
    call(request, api.send, { params: { id: roomId }, body: message }),
  createRoom: (request: ApiRequest, input: CreateChatRoomInput) =>
    call(request, api.createRoom, { body: input }),
  removeRoom: (request: ApiRequest, id: string) =>
    call(request, api.removeRoom, { params: { id } }),
};

export const useRooms = () =>
  useRead(roomsQueryKey, chatCalls.rooms, { select: (answer) => answer.chatRooms });

/** `shown` (oldest first) with the newer ones added: none twice, in the order they were sent. */
export function mergeNewer(shown: ChatMessage[], newer: ChatMessage[]): ChatMessage[] {
  const ids = new Set(shown.map((m) => m.id));
  const added = newer.filter((m) => !ids.has(m.id) && ids.add(m.id));
  if (added.length === 0) return shown;
  return [...shown, ...added].sort((x, y) =>
    x.createdAt === y.createdAt ? 0 : x.createdAt < y.createdAt ? -1 : 1,
  );
}

/** Every message after `afterId` (oldest first), a page at a time: a reconnect's catch-up. */
export async function newerThan(
  request: ApiRequest,
  roomId: string,
  afterId: string,
): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let after = afterId;
  for (;;) {
    const page = await chatCalls.messages(request, roomId, { after, limit: CHAT_PAGE_MAX });
    all.push(...page.messages);
    const last = page.messages.at(-1)?.id;
    if (!page.hasMore || !last) return all;
    after = last;
  }
}

/** Pages newest first; `messages` is every loaded one, oldest first. */
export function useMessages(roomId: string | null) {
  const request = useRequest();
  const query = useInfiniteQuery({
    queryKey: messagesKey(roomId ?? ''),
    queryFn: ({ pageParam }) => chatCalls.messages(request, roomId ?? '', { before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    enabled: !!roomId,
  });
  const messages = [...(query.data?.pages ?? [])].reverse().flatMap((p) => p.messages);
  return { ...query, messages };
}

export function useSendMessage(roomId: string) {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, clientId }: { content: string; clientId: string }) =>
      chatCalls.send(request, roomId, { content, messageType: 'text', clientId }),
    // Offline too: the service worker keeps the message and sends it when the network is back
    // (its clientId makes a second send store nothing new).
    networkMode: 'always',
    // The sent message joins the loaded ones at once (the live frame may bring it first; it is
    // shown once either way); the room list reloads for its preview.
    onSuccess: ({ message }) => {
      queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(
        messagesKey(roomId),
        (data) =>
          data && data.pages.length > 0
            ? {
                ...data,
                pages: [
                  { ...data.pages[0]!, messages: mergeNewer(data.pages[0]!.messages, [message]) },
                  ...data.pages.slice(1),
                ],
              }
            : data,
      );
      return queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true });
    },
  });
}

/** After a room is made or deleted: the room list (not the rooms' messages). */
const REFRESH_ROOMS = [{ queryKey: roomsQueryKey, exact: true }];

export const useCreateRoom = () => useWrite(chatCalls.createRoom, REFRESH_ROOMS);

export const useDeleteRoom = () => useWrite(chatCalls.removeRoom, REFRESH_ROOMS);

/** A message kept offline to be sent later (reference §2 "Installing and offline use"). */
export interface WaitingMessage {
  clientId: string;
  content: string;
  queuedAt: number;
}

/** The messages waiting to be sent to `roomId`, oldest first, but those the room shows already. */
export function waitingMessages(
  sends: readonly WaitingSend[],
  roomId: string,
  shown: readonly ChatMessage[],
): WaitingMessage[] {
  const sent = new Set(shown.map((m) => m.clientId).filter(Boolean));
  const waiting: WaitingMessage[] = [];
  for (const send of sends) {
    if (send.path !== `/api/chat/${roomId}/messages`) continue;
    try {
      const body = JSON.parse(send.body) as { content?: string; clientId?: string };
      if (body.clientId && body.content && !sent.has(body.clientId)) {
        waiting.push({ clientId: body.clientId, content: body.content, queuedAt: send.queuedAt });
      }
    } catch {
      // not a message this screen made
    }
  }
  return waiting;
}

/** Everyone a private room can be made for (the directory every screen shares). */
export const useMembers = () =>
  useMemberDirectory({ select: (users) => users.filter((u) => u.is_active !== false) });
