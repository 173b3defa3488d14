/** The auth service's repositories, over the database or one open transaction. */
import type { Database, InTransaction, Store } from '@teamapp/service-kit';
import { createClubRepo } from './club.repo';
import { createGuardiansRepo } from './guardians.repo';
import { createResetTokensRepo } from './reset-tokens.repo';
import type { AuthSchema } from './schema';
import { createTeamsRepo } from './teams.repo';
import { createUsersRepo } from './users.repo';

/** `timeZone`: the club's (CLUB_TIME_ZONE), in whose days ages count. */
export const authRepos = (db: Database<AuthSchema>, timeZone: string) => ({
  users: createUsersRepo(db),
  resetTokens: createResetTokensRepo(db),
  teams: createTeamsRepo(db),
  guardians: createGuardiansRepo(db),
  club: createClubRepo(db, timeZone),
});

export type AuthRepos = ReturnType<typeof authRepos>;
export type AuthTransaction = InTransaction<AuthRepos>;
/** The repositories and outbox of one open transaction. */
export type AuthStore = Store<AuthRepos>;
