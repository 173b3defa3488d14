/** The auth service's repositories, over the database or one open transaction. */
import type { Database, InTransaction } from '@teamapp/service-kit';
import { createResetTokensRepo } from './reset-tokens.repo';
import type { AuthSchema } from './schema';
import { createUsersRepo } from './users.repo';

export const authRepos = (db: Database<AuthSchema>) => ({
  users: createUsersRepo(db),
  resetTokens: createResetTokensRepo(db),
});

export type AuthRepos = ReturnType<typeof authRepos>;
export type AuthTransaction = InTransaction<AuthRepos>;
