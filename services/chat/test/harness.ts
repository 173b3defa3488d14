/**
 * Test harness: the real chat app listening on a free port (so its live socket takes real
 * WebSocket upgrades) on a throwaway database and the real Redis. Tokens are minted exactly as
 * the auth service issues them; members join through the service's own member use case. A second
 * harness can share the first one's Redis prefix (and, on PostgreSQL, its database): two chat
 * processes behind one gateway.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  TEAM_COLOURS,
  type ChatMessage,
  type ChatRoom,
  type ChatServerFrame,
  type Role,
  type TeamMembership,
} from '@teamapp/contracts';
import { listen } from '@teamapp/service-kit';
import {
  memberFactory,
  startServiceHarness,
  type ServiceHarness,
  type TestMember,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import WebSocket from 'ws';
import { createChatService, type ChatService } from '../src/app';
import { loadChatConfig } from '../src/config';

export type Member = TestMember;

export interface ChatHarness extends Omit<ServiceHarness<ChatService>, 'server'> {
  /** The listening server: for supertest and for sockets. */
  server: Server;
  /** ws://127.0.0.1:port/api/chat/live */
  liveUrl: string;
  /** A member the service knows (as after auth's `joined` event), with a live token. */
  memberFor: (role: Role, name?: string) => Promise<Member>;
}

export async function startChat(options: { shareWith?: ChatHarness } = {}): Promise<ChatHarness> {
  const shared = options.shareWith;
  const h = await startServiceHarness({
    loadConfig: loadChatConfig,
    create: createChatService,
    // PGlite lives in one process: only a PostgreSQL database is shared.
    database: shared?.database.url ? shared.database : undefined,
    prefix: shared?.prefix,
    env: { CHAT_HEARTBEAT_MS: '1000' },
  });
  const server = await listen(h.service.app, 0, '127.0.0.1');
  h.service.live.attach(server);
  h.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return {
    ...h,
    server,
    liveUrl: `ws://127.0.0.1:${port}/api/chat/live`,
    memberFor: memberFactory(h.userFor, (event) => h.service.deps.members.memberChanged(event)),
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

/** Event times that rise with each event, so none is older than the one before. */
let clock = 0;
export const later = () => new Date((clock = Math.max(clock, Date.now()) + 1000)).toISOString();

/** A team event as auth sends it, handled by the service's own use case. */
export function teamChanged(h: ChatHarness, teamId: string, name: string, archived = false) {
  return h.service.deps.teams.teamChanged({
    teamId,
    at: later(),
    team: { name, colour: TEAM_COLOURS[0], public: false, archived },
  });
}

/** A member's event as auth sends it when their teams change: the full snapshot. */
export function teamsOf(
  h: ChatHarness,
  member: Member,
  teams: TeamMembership[],
  role: Role = 'player',
) {
  return h.service.deps.members.memberChanged({
    userId: member.userId,
    kind: 'updated',
    at: later(),
    member: { name: member.name, email: member.email, role, profilePicture: null, teams },
  });
}

/**
 * A member's event carrying their family (docs/reference.md "Families"): whether they are a
 * minor and who their guardians are, with their teams.
 */
export function familyOf(
  h: ChatHarness,
  member: Member,
  family: { minor?: boolean; guardians?: Member[]; teams?: TeamMembership[]; role?: Role },
) {
  return h.service.deps.members.memberChanged({
    userId: member.userId,
    kind: 'updated',
    at: later(),
    member: {
      name: member.name,
      email: member.email,
      role: family.role ?? 'player',
      profilePicture: null,
      teams: family.teams,
      minor: family.minor ?? false,
      guardians: (family.guardians ?? []).map((g) => ({
        userId: g.userId,
        name: g.name,
        relation: null,
      })),
    },
  });
}

/** The member's room list (GET /api/chat). */
export async function roomsOf(h: ChatHarness, member: Member): Promise<ChatRoom[]> {
  const res = await request(h.server).get('/api/chat').set(auth(member.token));
  if (res.status !== 200) throw new Error(`room list failed: ${res.status}`);
  return res.body.chatRooms;
}

export { eventually } from '@teamapp/service-kit/testing';
