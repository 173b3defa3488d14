/**
 * The chat calls (SPEC §7, issue 8): the member's rooms, a room's messages (newest page first,
 * older by `before`), sending with a client-made id (a retry stores one message), and the
 * admin's room creation and deletion. The room list and the open room reload after a send.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import type { ChatMessage, ChatRoom, CreateChatRoomInput, User } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';

export const roomsQueryKey = ['chat'] as const;
const messagesKey = (roomId: string) => ['chat', roomId, 'messages'] as const;

interface MessagePage {
  success: true;
  messages: ChatMessage[];
  hasMore: boolean;
}

export function useRooms() {
  const request = useRequest();
  return useQuery({
    queryKey: roomsQueryKey,
    queryFn: () => request<{ success: true; chatRooms: ChatRoom[] }>('GET', '/chat'),
    select: (answer) => answer.chatRooms,
  });
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKey(roomId) }),
        queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true }),
      ]),
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
    queryKey: ['users', 'all'],
    queryFn: () => requestData<User[]>(request, 'GET', '/user/all'),
    select: (users) => users.filter((u) => u.is_active !== false),
  });
}
