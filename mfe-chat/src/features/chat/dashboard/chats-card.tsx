/**
 * The chat's dashboard widget (reference §2 Dashboard): Active Chats, the rooms the member is in
 * (GET /chat, the cache entry the chat screen reads too). "…" while they load, "—" when they
 * could not be.
 */
import { countFigure, QueryStatCard } from '@teamapp/ui';
import { useRooms } from '../api/chat-api';

export function ChatsCard() {
  const rooms = useRooms();
  return (
    <QueryStatCard label="Active Chats" query={rooms} show={(list) => countFigure(list.length)} />
  );
}
