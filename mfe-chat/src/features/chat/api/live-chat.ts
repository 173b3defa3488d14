/**
 * The live channel (issue 8): one WebSocket per signed-in page, opened with a single-use ticket
 * (the long-lived token never goes in a URL). A new or edited message reloads that room's
 * messages and the room list; a room change reloads the list. On `ready` (the first frame, also
 * after every reconnect) everything shown is reloaded, so nothing sent while the socket was down
 * is missed. A dropped socket reconnects with a growing pause, up to 30 s.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { requestData } from '@teamapp/api-client';
import type { ChatServerFrame } from '@teamapp/contracts';
import { useRequest, useSession } from '@teamapp/ui';
import { roomsQueryKey } from './chat-api';

const MAX_PAUSE_MS = 30_000;

export function liveUrl(ticket: string, base: string = window.location.href): string {
  const url = new URL(`/api/chat/live?ticket=${encodeURIComponent(ticket)}`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function useLiveChat(): void {
  const { user } = useSession();
  const request = useRequest();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const reloadRooms = () =>
      queryClient.invalidateQueries({ queryKey: roomsQueryKey, exact: true });
    const reloadRoom = (roomId: string) =>
      queryClient.invalidateQueries({ queryKey: ['chat', roomId, 'messages'] });

    function handle(frame: ChatServerFrame) {
      switch (frame.type) {
        case 'ready':
          attempt = 0;
          void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
          break;
        case 'message':
        case 'message-edited':
          void reloadRoom(frame.roomId);
          void reloadRooms();
          break;
        case 'room':
        case 'room-deleted':
          void reloadRooms();
          break;
        default:
          break;
      }
    }

    function later() {
      if (stopped) return;
      const pause = Math.min(MAX_PAUSE_MS, 1000 * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(() => void connect(), pause);
    }

    async function connect() {
      try {
        const { ticket } = await requestData<{ ticket: string }>(request, 'POST', '/chat/ticket');
        if (stopped) return;
        socket = new WebSocket(liveUrl(ticket));
        socket.onmessage = (event) => {
          try {
            handle(JSON.parse(String(event.data)) as ChatServerFrame);
          } catch {
            // A frame that is not JSON is ignored; the next reload shows the truth.
          }
        };
        socket.onclose = () => later();
      } catch {
        later();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000);
    };
  }, [userId, request, queryClient]);
}
