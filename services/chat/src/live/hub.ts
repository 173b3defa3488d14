/**
 * The live socket at /api/chat/live. Each chat process keeps the sockets it accepted, by user;
 * every batch of deliveries crosses Redis pub/sub, so a message sent through one process reaches
 * the sockets of every other. A socket opens with a single-use ticket, is pinged to find dead
 * peers, and closes with a close code on a bad ticket, a malformed frame or an ended session;
 * nothing a client sends can bring the process down or touch another client.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CHAT_CLOSE_CODES,
  CHAT_LIVE_PATH,
  NOTIFICATIONS_LIVE_CHANNEL,
  chatClientFrameSchema,
  liveNotificationBatchSchema,
  type ChatServerFrame,
} from '@teamapp/contracts';
import type { Logger, Redis, SessionStore } from '@teamapp/service-kit';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { LiveDelivery, LivePublisher } from './deliveries';
import type { Presence } from './presence';
import type { TicketHolder, Tickets } from './tickets';

/** The largest frame a client may send (client frames are tiny). */
const MAX_CLIENT_FRAME_BYTES = 4 * 1024;

interface LiveSocket {
  ws: WebSocket;
  user: TicketHolder;
  alive: boolean;
}

export interface LiveHub extends LivePublisher {
  /** Takes over the server's WebSocket upgrades. */
  attach: (server: Server) => void;
  /** Resolves once this process listens on the live channel. */
  ready: () => Promise<void>;
  /** Sockets open on this process (for readiness and tests). */
  connections: () => number;
  /** Closes every socket (1001, going away): the first step of a drain. */
  disconnectAll: () => void;
  close: () => Promise<void>;
}

export function createLiveHub(options: {
  redis: Redis;
  prefix: string;
  tickets: Tickets;
  sessions: SessionStore;
  log: Logger;
  heartbeatMs: number;
  /** Who has a socket open, across processes (kept here, read by the message use cases). */
  presence: Presence;
  /** A client says it has read a room. */
  markRead: (roomId: string, userId: string) => Promise<void>;
}): LiveHub {
  const { redis, tickets, sessions, log, presence } = options;
  const channel = `${options.prefix}chat:live`;
  /** Where the content service publishes each stored notification (the bell's live feed). */
  const notificationsChannel = `${options.prefix}${NOTIFICATIONS_LIVE_CHANNEL}`;
  const byUser = new Map<string, Set<LiveSocket>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  const subscriber = redis.duplicate();
  const subscribed: Promise<void> = subscriber.subscribe(channel, notificationsChannel).then(
    () => undefined,
    (err: unknown) => {
      log.error({ err }, 'live channel subscription failed');
    },
  );

  const send = (socket: LiveSocket, text: string) => {
    if (socket.ws.readyState === WebSocket.OPEN) socket.ws.send(text);
  };

  /** Delivers one batch to the sockets this process holds. */
  function deliver(batch: LiveDelivery[]) {
    for (const { to, frame, unread } of batch) {
      const shared = frame.type === 'room' && unread ? undefined : JSON.stringify(frame);
      for (const userId of to) {
        const sockets = byUser.get(userId);
        if (!sockets) continue;
        const text =
          shared ??
          JSON.stringify({
            ...frame,
            room: {
              ...(frame as Extract<ChatServerFrame, { type: 'room' }>).room,
              unreadCount: unread?.[userId] ?? 0,
            },
          });
        for (const socket of sockets) send(socket, text);
      }
    }
  }

  /** Hands each notification to its recipient's sockets on this process. */
  function deliverNotifications(text: string) {
    const batch = liveNotificationBatchSchema.safeParse(JSON.parse(text));
    if (!batch.success) {
      log.warn({ issues: batch.error.issues.length }, 'malformed live notification ignored');
      return;
    }
    for (const { userId, notification, unreadCount } of batch.data) {
      const sockets = byUser.get(userId);
      if (!sockets) continue;
      const frame: ChatServerFrame = { type: 'notification', notification, unreadCount };
      const frameText = JSON.stringify(frame);
      for (const socket of sockets) send(socket, frameText);
    }
  }

  subscriber.on('message', (from: string, text: string) => {
    try {
      if (from === channel) deliver(JSON.parse(text) as LiveDelivery[]);
      else if (from === notificationsChannel) deliverNotifications(text);
    } catch (err) {
      log.error({ err }, 'live delivery failed');
    }
  });

  function register(socket: LiveSocket) {
    let set = byUser.get(socket.user.userId);
    if (!set) {
      byUser.set(socket.user.userId, (set = new Set()));
      void presence.here([socket.user.userId]);
    }
    set.add(socket);
  }

  function unregister(socket: LiveSocket) {
    const set = byUser.get(socket.user.userId);
    if (!set?.delete(socket)) return;
    if (set.size === 0) {
      byUser.delete(socket.user.userId);
      void presence.gone(socket.user.userId);
    }
  }

  async function onFrame(socket: LiveSocket, data: RawData, isBinary: boolean) {
    if (isBinary) {
      socket.ws.close(1003, 'text frames only');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      parsed = undefined;
    }
    const frame = chatClientFrameSchema.safeParse(parsed);
    if (!frame.success) {
      socket.ws.close(CHAT_CLOSE_CODES.malformedFrame, 'malformed frame');
      return;
    }
    if (frame.data.type === 'ping') {
      send(socket, JSON.stringify({ type: 'pong' } satisfies ChatServerFrame));
      return;
    }
    await options.markRead(frame.data.roomId, socket.user.userId).catch(() => undefined);
  }

  function onConnection(ws: WebSocket, ticket: string | null) {
    ws.on('error', (err) => log.debug({ err: err.message }, 'live socket error'));
    const accepted = tickets
      .claim(ticket)
      .catch((err: unknown) => {
        log.warn({ err }, 'ticket check failed');
        return null;
      })
      .then((user): LiveSocket | null => {
        if (!user) {
          ws.close(CHAT_CLOSE_CODES.invalidTicket, 'invalid ticket');
          return null;
        }
        if (ws.readyState !== WebSocket.OPEN) return null;
        const socket: LiveSocket = { ws, user, alive: true };
        register(socket);
        ws.on('close', () => unregister(socket));
        send(
          socket,
          JSON.stringify({ type: 'ready', userId: user.userId } satisfies ChatServerFrame),
        );
        return socket;
      });
    ws.on('pong', () => {
      void accepted.then((socket) => {
        if (socket) socket.alive = true;
      });
    });
    // Frames are handled one after another, in the order they arrived (and only once the
    // ticket is checked): a pong answers only after an earlier read has been stored.
    let inOrder: Promise<unknown> = accepted;
    ws.on('message', (data, isBinary) => {
      inOrder = inOrder
        .then(() => accepted)
        .then((socket) => socket && onFrame(socket, data, isBinary))
        .catch((err: unknown) => log.warn({ err }, 'live frame failed'));
    });
  }

  function onUpgrade(req: IncomingMessage, stream: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== CHAT_LIVE_PATH) {
      stream.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    stream.on('error', () => undefined);
    wss.handleUpgrade(req, stream, head, (ws) => onConnection(ws, url.searchParams.get('ticket')));
  }

  /**
   * Drops peers that stopped answering pings, and sockets whose session has ended; refreshes the
   * presence of everyone with a socket here.
   */
  const heartbeat = setInterval(() => {
    void presence.here([...byUser.keys()]);
    for (const set of byUser.values()) {
      for (const socket of set) {
        if (!socket.alive) {
          socket.ws.terminate();
          continue;
        }
        socket.alive = false;
        socket.ws.ping();
        sessions
          .get(socket.user.sid)
          .then((session) => {
            if (session?.userId !== socket.user.userId) {
              socket.ws.close(CHAT_CLOSE_CODES.sessionEnded, 'session ended');
            }
          })
          .catch(() => undefined);
      }
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  const disconnectAll = () => {
    for (const set of byUser.values()) {
      for (const socket of set) socket.ws.close(1001, 'server going away');
    }
  };

  return {
    ready: () => subscribed,
    attach: (server) => {
      server.on('upgrade', onUpgrade);
    },
    async publish(deliveries) {
      const batch = deliveries.filter((d) => d.to.length > 0);
      if (batch.length === 0) return;
      try {
        await redis.publish(channel, JSON.stringify(batch));
      } catch (err) {
        log.warn({ err }, 'live publish failed; clients catch up on reconnect');
      }
    },
    connections: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    disconnectAll,
    async close() {
      clearInterval(heartbeat);
      disconnectAll();
      for (const set of byUser.values()) for (const socket of set) socket.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await subscribed;
      subscriber.disconnect();
    },
  };
}
