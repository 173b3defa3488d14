/**
 * Who may open the queues board (/admin/queues): an admin asks for a ticket with their token (the
 * browser's navigation to the board carries no token), the ticket is exchanged once for a board
 * session kept in an HttpOnly cookie, and every request on the board checks that the admin's
 * sign-in session behind it is still live, so signing out or being deactivated closes it too.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AuthUser, SessionStore } from '@teamapp/service-kit';

/** A ticket is exchanged at once by the browser; a minute is plenty. */
export const QUEUES_TICKET_TTL_S = 60;
/** A board session lasts a working session at most; the sign-in session is checked anyway. */
export const QUEUES_BOARD_TTL_S = 8 * 3600;

interface BoardGrant {
  userId: string;
  sid: string;
}

export interface QueuesBoardAccess {
  /** A single-use ticket for an admin (the router checks the role). */
  issueTicket: (user: AuthUser) => Promise<string>;
  /** Exchanges a ticket for a board session token; null when unknown, used or expired. */
  redeem: (ticket: string) => Promise<string | null>;
  /** Whether a board session token still stands for a live admin sign-in. */
  check: (token: string) => Promise<boolean>;
}

const token = () => randomBytes(32).toString('base64url');
const wellFormed = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

export function createQueuesBoardAccess(options: {
  redis: Redis;
  sessions: SessionStore;
  prefix: string;
}): QueuesBoardAccess {
  const { redis, sessions, prefix } = options;
  const ticketKey = (ticket: string) => `${prefix}queues-ticket:${ticket}`;
  const boardKey = (value: string) => `${prefix}queues-board:${value}`;
  const read = (raw: string | null): BoardGrant | null => {
    if (!raw) return null;
    const grant = JSON.parse(raw) as Partial<BoardGrant>;
    return typeof grant.userId === 'string' && typeof grant.sid === 'string'
      ? { userId: grant.userId, sid: grant.sid }
      : null;
  };
  return {
    async issueTicket(user) {
      const ticket = token();
      const grant: BoardGrant = { userId: user.id, sid: user.sid };
      await redis.set(ticketKey(ticket), JSON.stringify(grant), 'EX', QUEUES_TICKET_TTL_S);
      return ticket;
    },
    async redeem(ticket) {
      if (!wellFormed(ticket)) return null;
      const grant = read(await redis.getdel(ticketKey(ticket)));
      if (!grant || (await sessions.userOf(grant.sid)) !== grant.userId) return null;
      const session = token();
      await redis.set(boardKey(session), JSON.stringify(grant), 'EX', QUEUES_BOARD_TTL_S);
      return session;
    },
    async check(value) {
      if (!wellFormed(value)) return false;
      const grant = read(await redis.get(boardKey(value)));
      return !!grant && (await sessions.userOf(grant.sid)) === grant.userId;
    },
  };
}
