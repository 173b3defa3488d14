/**
 * The chat service (rooms, messages, live delivery): builds its dependencies, starts its member
 * and team consumers and its live hub, and returns the Koa app without listening. The hub takes the
 * WebSocket upgrades of whatever server the app is given to (`live.attach(server)`).
 */
import {
  buildServiceFoundation,
  closeInTurn,
  createReadCache,
  type ServiceHandle,
} from '@teamapp/service-kit';
import type { ChatConfig } from './config';
import type { ChatDeps } from './deps';
import { chatRepos } from './db/repos';
import { outbox, schema, type ChatSchema } from './db/schema';
import { createMemberUseCases } from './domain/members';
import { createMessageUseCases } from './domain/messages';
import { createRoomUseCases } from './domain/rooms';
import { createTeamUseCases } from './domain/teams';
import { chatMembersConsumer } from './jobs/chat-members.consumer';
import { chatTeamsConsumer } from './jobs/chat-teams.consumer';
import { createLiveHub, type LiveHub } from './live/hub';
import { createPresence } from './live/presence';
import { createTickets } from './live/tickets';
import { chatRouter } from './routes/chat/chat.router';
import { liveRouter } from './routes/live/live.router';

export interface ChatService extends ServiceHandle<ChatDeps, ChatSchema> {
  live: LiveHub;
}

export async function createChatService(config: ChatConfig): Promise<ChatService> {
  const base = await buildServiceFoundation(__dirname, { name: 'chat', config, schema, outbox });
  const { log } = base;
  const repos = chatRepos(base.db);
  // Each member's room list (GET /api/chat), computed once per change of it: writes name the
  // lists they change, dropped once each write has committed.
  const roomLists = await createReadCache(base.redis, `${config.REDIS_PREFIX}chat:rooms-changed`, {
    onError: (err) => log.warn({ err }, 'room list cache subscription error'),
  });
  const inTransaction = base.unitOfWork(chatRepos, roomLists);
  const tickets = createTickets(base.redis, config.REDIS_PREFIX);
  // A user's presence lapses after three missed heartbeats of the process holding their socket.
  const presence = createPresence({
    redis: base.redis,
    prefix: config.REDIS_PREFIX,
    ttlMs: config.CHAT_HEARTBEAT_MS * 3,
    log,
  });
  // The hub and the message use cases need each other: the hub publishes, a socket marks read.
  const live = createLiveHub({
    redis: base.redis,
    prefix: config.REDIS_PREFIX,
    tickets,
    sessions: base.sessions,
    log,
    heartbeatMs: config.CHAT_HEARTBEAT_MS,
    presence,
    markRead: (roomId, userId) => deps.messages.markRead(roomId, userId),
  });
  const deps: ChatDeps = {
    log,
    auth: base.auth,
    roomLists,
    rooms: createRoomUseCases({ repos, inTransaction, live, log }),
    messages: createMessageUseCases({ repos, inTransaction, live, presence, log }),
    members: createMemberUseCases({ repos, inTransaction, live }),
    teams: createTeamUseCases({ repos, inTransaction, live }),
    tickets,
  };
  base.consume([chatMembersConsumer(deps.members), chatTeamsConsumer(deps.teams)]);
  await live.ready();
  const app = base.createApp({
    routers: [liveRouter(deps), chatRouter(deps)],
  });
  return { app, deps, live, base, close: closeInTurn(live, roomLists, base) };
}
