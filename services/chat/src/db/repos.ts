/** The chat service's repositories, over the database or one open transaction. */
import type { Database, InTransaction, Store } from '@teamapp/service-kit';
import { createMembersRepo } from './members.repo';
import { createMessagesRepo } from './messages.repo';
import { createRoomsRepo } from './rooms.repo';
import type { ChatSchema } from './schema';
import { createTeamsRepo } from './teams.repo';

export const chatRepos = (db: Database<ChatSchema>) => ({
  members: createMembersRepo(db),
  rooms: createRoomsRepo(db),
  messages: createMessagesRepo(db),
  teams: createTeamsRepo(db),
});

export type ChatRepos = ReturnType<typeof chatRepos>;
export type ChatTransaction = InTransaction<ChatRepos>;
export type ChatStore = Store<ChatRepos>;
