/**
 * Test harness: the real chat app listening on a free port (so its live socket takes real
 * WebSocket upgrades) on a throwaway database and the real Redis. Tokens are minted exactly as
 * the auth service issues them; members join through the service's own member use case. A second
 * harness can share the first one's Redis prefix (and, on PostgreSQL, its database): two chat
 * processes behind one gateway.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatServerFrame, Role } from '@teamapp/contracts';
import { createQueues, listen, type Queues } from '@teamapp/service-kit';
import {
  createTestDatabase,
  createTokenMinter,
  serviceTestEnv,
  testRedisPrefix,
  testRedisUrl,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import WebSocket from 'ws';
import { createChatService, type ChatService } from '../src/app';
import { loadChatConfig } from '../src/config';

export interface Member {
  userId: string;
  token: string;
  name: string;
}

export interface ChatHarness {
  service: ChatService;
  /** The listening server: for supertest and for sockets. */
  server: Server;
  prefix: string;
  database: TestDatabase;
  /** ws://127.0.0.1:port/api/chat/live */
  liveUrl: string;
  /** A live token for a new user id (not a known member). */
  userFor: (role: Role) => Promise<{ userId: string; token: string }>;
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
  queues: Queues;
  close: () => Promise<void>;
}

export async function startChat(options: { shareWith?: ChatHarness } = {}): Promise<ChatHarness> {
  const shared = options.shareWith;
  const database = shared?.database.url ? shared.database : await createTestDatabase();
  const ownsDatabase = database !== shared?.database;
  const prefix = shared?.prefix ?? testRedisPrefix();
  const redisUrl = testRedisUrl();
  const service = await createChatService(
    loadChatConfig(
      serviceTestEnv(database, {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        CHAT_HEARTBEAT_MS: '1000',
      }),
    ),
  );
  const server = await listen(service.app, 0, '127.0.0.1');
  service.live.attach(server);
  const port = (server.address() as AddressInfo).port;
  const minter = createTokenMinter({ redisUrl, prefix });
  const queues = createQueues({ redisUrl, prefix });
  let counter = 0;
  return {
    service,
    server,
    prefix,
    database,
    liveUrl: `ws://127.0.0.1:${port}/api/chat/live`,
    userFor: (role) => minter.userFor(role),
    async memberFor(role, name) {
      counter += 1;
      const user = await minter.userFor(role);
      const member = {
        ...user,
        name: name ?? `${role === 'admin' ? 'Coach' : 'Player'} ${counter}`,
      };
      await service.deps.members.memberChanged({
        userId: user.userId,
        kind: 'joined',
        member: {
          name: member.name,
          email: `${role}${counter}-${randomUUID().slice(0, 8)}@club.test`,
          role,
          profilePicture: null,
        },
      });
      return member;
    },
    queues,
    close: async () => {
      await queues.close();
      minter.close();
      await service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownsDatabase) await database.drop();
    },
  };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createRoom(
  h: ChatHarness,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; members: string[] }> {
  const res = await request(h.server)
    .post('/api/chat')
    .set(auth(token))
    .send({ name: 'Team Talk', type: 'group', ...body });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function sendMessage(h: ChatHarness, token: string, roomId: string, content: string) {
  const res = await request(h.server)
    .post(`/api/chat/${roomId}/messages`)
    .set(auth(token))
    .send({ content, messageType: 'text' });
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.message as ChatMessage;
}

/** A live socket as a browser opens it, recording the frames and the close it gets. */
export interface TestSocket {
  ws: WebSocket;
  frames: ChatServerFrame[];
  /** The first recorded frame (now or later) that matches. */
  frame: <T extends ChatServerFrame>(match: (f: ChatServerFrame) => boolean) => Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
}

export function openSocket(url: string): TestSocket {
  const ws = new WebSocket(url);
  const frames: ChatServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ChatServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', () => reject(new Error('upgrade refused')));
  });
  return {
    ws,
    frames,
    closed,
    opened,
    frame: <T extends ChatServerFrame>(match: (f: ChatServerFrame) => boolean) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching frame in time')), 5000);
        const look = () => {
          const found = frames.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found as T);
          } else waiters.push(look);
        };
        look();
      }),
  };
}

/** Opens a live socket for this token through the harness (ticket first). */
export async function connect(h: ChatHarness, token: string): Promise<TestSocket> {
  const res = await request(h.server).post('/api/chat/ticket').set(auth(token));
  if (res.status !== 200) throw new Error(`ticket failed: ${res.status}`);
  const socket = openSocket(`${h.liveUrl}?ticket=${res.body.data.ticket}`);
  await socket.opened;
  await socket.frame((f) => f.type === 'ready');
  return socket;
}

export { eventually } from '@teamapp/service-kit/testing';
