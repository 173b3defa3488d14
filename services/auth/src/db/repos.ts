/** The auth service's repositories, over the database or one open transaction. */
import type { Database, InTransaction, Store } from '@teamapp/service-kit';
import { createGuardiansRepo } from './guardians.repo';
import { createResetTokensRepo } from './reset-tokens.repo';
import type { AuthSchema } from './schema';
import { createTeamsRepo } from './teams.repo';
import { createUsersRepo } from './users.repo';

export const authRepos = (db: Database<AuthSchema>) => ({
  users: createUsersRepo(db),
  resetTokens: createResetTokensRepo(db),
  teams: createTeamsRepo(db),
  guardians: createGuardiansRepo(db),
});

export type AuthRepos = ReturnType<typeof authRepos>;
export type AuthTransaction = InTransaction<AuthRepos>;
/** The repositories and outbox of one open transaction. */
export type AuthStore = Store<AuthRepos>;
