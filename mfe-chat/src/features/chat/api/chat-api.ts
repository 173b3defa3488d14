/**
 * The chat calls (reference §7): the member's rooms, a room's messages (newest page first,
 * older by `before`), sending with a client-made id (a retry stores one message), and the
 * admin's room creation and deletion. After a send the message joins the open room and the room
 * list reloads.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import type { ChatMessage, ChatRoom, CreateChatRoomInput } from '@teamapp/contracts';
import { membersQuery, useRequest } from '@teamapp/ui';

export const roomsQueryKey = ['chat'] as const;
export const messagesKey = (roomId: string) => ['chat', roomId, 'messages'] as const;

export interface MessagePage {
  success: true;
  messages: ChatMessage[];
  hasMore: boolean;
}

export interface RoomsAnswer {
  success: true;
  chatRooms: ChatRoom[];
}

export function useRooms() {
  const request = useRequest();
  return useQuery({
    queryKey: roomsQueryKey,
    queryFn: () => request<RoomsAnswer>('GET', '/chat'),
    select: (answer) => answer.chatRooms,
  });
}

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
    const page = await request<MessagePage>(
      'GET',
      `/chat/${encodeURIComponent(roomId)}/messages?after=${encodeURIComponent(after)}&limit=100`,
    );
    all.push(...page.messages);
    const last = page.messages.at(-1)?.id;
    if (!page.hasMore || !last) return all;
    after = last;
  }
}

const pageOf = (request: ApiRequest, roomId: string, before?: string) =>
  request<MessagePage>(
    'GET',
    `/chat/${encodeURIComponent(roomId)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
  );

/** Pages newest first; `messages` is every loaded one, oldest first. */
export function useMessages(roomId: string | null) {
  const request = useRequest();
  const query = useInfiniteQuery({
    queryKey: messagesKey(roomId ?? ''),
    queryFn: ({ pageParam }) => pageOf(request, roomId ?? '', pageParam),
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
      request<{ success: true; message: ChatMessage }>(
        'POST',
        `/chat/${encodeURIComponent(roomId)}/messages`,
        { content, messageType: 'text', clientId },
      ),
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

export function useCreateRoom() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChatRoomInput) =>
      request<{ success: true; message: string; data: ChatRoom }>('POST', '/chat', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true }),
  });
}

export function useDeleteRoom() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ success: true; message: string }>('DELETE', `/chat/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true }),
  });
}

/** Everyone a private room can be made for (the directory every screen shares). */
export function useMembers() {
  const request = useRequest();
  return useQuery({
    ...membersQuery(request),
    select: (users) => users.filter((u) => u.is_active !== false),
  });
}
