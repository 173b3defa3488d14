/** What the auth service's routers are given: the authenticator and the use cases. */
import type { Authenticator } from '@teamapp/service-kit';
import type { DeviceUseCases } from './domain/devices';
import type { FamilyUseCases } from './domain/family';
import type { InvitationUseCases } from './domain/invitations';
import type { PasswordChangeUseCases } from './domain/password-change';
import type { PasswordResetUseCases } from './domain/password-reset';
import type { PictureUseCases } from './domain/pictures';
import type { ProfileUseCases } from './domain/profiles';
import type { SessionUseCases } from './domain/sessions';
import type { TeamUseCases } from './domain/teams';
import type { UserUseCases } from './domain/users';

export interface AuthDeps {
  auth: Authenticator;
  sessions: SessionUseCases;
  devices: DeviceUseCases;
  users: UserUseCases;
  invitations: InvitationUseCases;
  family: FamilyUseCases;
  profiles: ProfileUseCases;
  passwordChange: PasswordChangeUseCases;
  passwordReset: PasswordResetUseCases;
  pictures: PictureUseCases;
  teams: TeamUseCases;
}
