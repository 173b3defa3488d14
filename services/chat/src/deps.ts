/** What the chat service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger, ReadCache } from '@teamapp/service-kit';
import type { MemberUseCases } from './domain/members';
import type { MessageUseCases } from './domain/messages';
import type { RoomUseCases } from './domain/rooms';
import type { TeamUseCases } from './domain/teams';
import type { Tickets } from './live/tickets';

export interface ChatDeps {
  log: Logger;
  auth: Authenticator;
  /** Each member's GET /api/chat, kept until a write changes it. */
  roomLists: ReadCache;
  rooms: RoomUseCases;
  messages: MessageUseCases;
  members: MemberUseCases;
  teams: TeamUseCases;
  tickets: Tickets;
}
