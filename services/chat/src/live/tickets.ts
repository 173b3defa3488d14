/**
 * Live-socket tickets: a browser cannot put its bearer token in a WebSocket's headers, and a
 * long-lived token in a URL ends up in logs, so it trades the token for a random ticket that
 * opens one socket within 30 seconds. Tickets live in Redis, so any chat process accepts them;
 * GETDEL makes the first use the only one.
 */
import { randomBytes } from 'node:crypto';
import { CHAT_TICKET_TTL_SECONDS, type Role } from '@teamapp/contracts';
import type { Redis } from '@teamapp/service-kit';

export interface TicketHolder {
  userId: string;
  role: Role;
  /** The session the ticket was issued under; the socket closes when it ends. */
  sid: string;
}

export function createTickets(redis: Redis, prefix: string) {
  const key = (ticket: string) => `${prefix}chat:ticket:${ticket}`;
  return {
    async issue(holder: TicketHolder): Promise<string> {
      const ticket = randomBytes(32).toString('base64url');
      await redis.set(key(ticket), JSON.stringify(holder), 'EX', CHAT_TICKET_TTL_SECONDS);
      return ticket;
    },
    /** Who the ticket was issued to, once; null for an unknown, expired or used ticket. */
    async claim(ticket: string | null): Promise<TicketHolder | null> {
      if (!ticket || !/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) return null;
      const value = await redis.getdel(key(ticket));
      if (!value) return null;
      return JSON.parse(value) as TicketHolder;
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
