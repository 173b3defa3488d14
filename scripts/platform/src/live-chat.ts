/**
 * A member's live chat socket for the benchmarks (chat.ts, load.ts): opened with a ticket from
 * POST /api/chat/ticket, ready once the server's `ready` frame arrives; it notes when each
 * message frame arrives (by the message's clientId) and how many times, so a benchmark can check
 * that every message reached every socket exactly once.
 */
import WebSocket from 'ws';
import type { ChatServerFrame } from '@teamapp/contracts';

export interface LiveClient {
  ws: WebSocket;
  /** When the `ready` frame arrived (performance.now()). */
  readyAt: number;
  /** clientId of a message -> when its first frame arrived (performance.now()). */
  arrived: Map<string, number>;
  /** clientId of a message -> how many `message` frames carried it (1 when all is well). */
  times: Map<string, number>;
  /** The close code when the socket closed before `close()` was called, else null. */
  closedWith: () => number | null;
  /** Closes the socket at once (the benchmark is done with it). */
  close: () => void;
}

/**
 * Opens `wsUrl?ticket=...` (the gateway's /api/chat/live or a chat process's own) and resolves
 * once the server said `ready`. `localAddress` picks the loopback source address.
 */
export function openLiveClient(
  wsUrl: string,
  ticket: string,
  options: { localAddress?: string; timeoutMs?: number } = {},
): Promise<LiveClient> {
  const ws = new WebSocket(`${wsUrl}?ticket=${encodeURIComponent(ticket)}`, {
    localAddress: options.localAddress,
  });
  const arrived = new Map<string, number>();
  const times = new Map<string, number>();
  let closedWith: number | null = null;
  let closing = false;
  const close = () => {
    closing = true;
    ws.terminate();
  };
  return new Promise<LiveClient>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no ready frame in time')),
      options.timeoutMs ?? 20_000,
    );
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (!closing) closedWith = code;
      reject(new Error(`the socket closed (${code}) before it was ready`));
    });
    ws.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(raw.toString()) as ChatServerFrame;
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve({ ws, readyAt: at, arrived, times, closedWith: () => closedWith, close });
      } else if (frame.type === 'message' && frame.message.clientId) {
        const id = frame.message.clientId;
        if (!arrived.has(id)) arrived.set(id, at);
        times.set(id, (times.get(id) ?? 0) + 1);
      }
    });
  });
}
