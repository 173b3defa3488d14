/** What the auth service's routers are given: the authenticator and the use cases. */
import type { Authenticator } from '@teamapp/service-kit';
import type { PasswordResetUseCases } from './domain/password-reset';
import type { SessionUseCases } from './domain/sessions';
import type { UserUseCases } from './domain/users';

export interface AuthDeps {
  auth: Authenticator;
  sessions: SessionUseCases;
  users: UserUseCases;
  passwordReset: PasswordResetUseCases;
}
