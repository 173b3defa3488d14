/**
 * The live channel: ONE WebSocket per signed-in page, shared by everything that listens
 * (the shell's bell, the chat page). It opens when the first listener subscribes, with a
 * single-use ticket (the long-lived token never goes in a URL), and closes with the session.
 * A dropped socket reconnects with a growing pause (1 s doubling to 30 s). Every listener sees
 * `ready` first, and again after each reconnect: the moment to fetch what it may have missed.
 */
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  CHAT_LIVE_PATH,
  chatEndpoints,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@teamapp/contracts';

/** `open` once the server said `ready`; `down` between a drop and the next `ready`. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';
export type LiveListener = (frame: ChatServerFrame) => void;

export const LIVE_MAX_PAUSE_MS = 30_000;
const FIRST_PAUSE_MS = 1000;
/** WebSocket.OPEN (read as a number, so a stand-in socket class works too). */
const OPEN = 1;

export function liveUrl(ticket: string, base: string = window.location.href): string {
  const url = new URL(`${CHAT_LIVE_PATH}?ticket=${encodeURIComponent(ticket)}`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** POST /chat/ticket: a single-use ticket for the next socket (driven by the chat pact too). */
export const liveTicket = (request: ApiRequest) => call(request, chatEndpoints.ticket);

export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private readonly statusListeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private closed = false;
  private current: LiveStatus = 'idle';

  constructor(private readonly request: ApiRequest) {}

  get status(): LiveStatus {
    return this.current;
  }

  /** Receives every frame; the first listener opens the socket. Returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.current === 'idle' && !this.closed) void this.connect();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Called whenever `status` changes (for useSyncExternalStore). */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Sends a client frame when the socket is open; false when it is not (nothing is queued). */
  send(frame: ChatClientFrame): boolean {
    if (this.current !== 'open' || this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
    }
    this.listeners.clear();
    this.setStatus('idle');
  }

  private setStatus(next: LiveStatus) {
    if (next === this.current) return;
    this.current = next;
    for (const listener of [...this.statusListeners]) listener();
  }

  private dispatch(frame: ChatServerFrame) {
    if (frame.type === 'ready') {
      this.attempt = 0;
      this.setStatus('open');
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(frame);
      } catch {
        // One listener's failure does not keep the frame from the others.
      }
    }
  }

  private later() {
    if (this.closed) return;
    this.setStatus('down');
    const pause = Math.min(LIVE_MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => void this.connect(), pause);
  }

  private async connect() {
    if (this.closed) return;
    if (this.current === 'idle') this.setStatus('connecting');
    try {
      const { ticket } = (await liveTicket(this.request)).data;
      if (this.closed) return;
      const socket = new WebSocket(liveUrl(ticket));
      this.socket = socket;
      socket.onmessage = (event) => {
        let frame: ChatServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ChatServerFrame;
        } catch {
          return; // Not JSON: ignored; the next reload shows the truth.
        }
        this.dispatch(frame);
      };
      socket.onclose = () => {
        if (this.socket === socket) this.socket = null;
        this.later();
      };
    } catch {
      this.later();
    }
  }
}
