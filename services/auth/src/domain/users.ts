/** Use cases around users: what the API shows of them, listing, creating and seeding the admin. */
import type { CreateUserInput, Role, TeamMember, User } from '@teamapp/contracts';
import { conflict } from '@teamapp/service-kit';
import type { Logger } from '@teamapp/service-kit';
import type { UserRow } from '../db/schema';
import type { UsersRepo } from '../db/users.repo';
import { hashPassword } from './passwords';

/** A user as the API returns it; coach notes and temporary passwords only for admins. */
export function toUser(row: UserRow, viewerRole: Role): User {
  const user: User = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    position: row.position,
    bio: row.bio,
    nickname: row.nickname,
    profile_picture: row.profilePicture,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
  if (viewerRole === 'admin') {
    user.coach_notes = row.coachNotes;
    user.temp_password = row.tempPassword;
  }
  return user;
}

export const toTeamMember = (row: UserRow): TeamMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
});

export async function createUser(
  repo: UsersRepo,
  input: Required<Pick<CreateUserInput, 'name' | 'email' | 'password'>> & { role: Role },
): Promise<UserRow> {
  if (await repo.findByEmail(input.email)) throw conflict('A user with that email already exists');
  return repo.insert({
    name: input.name,
    email: input.email,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
}

/** Creates the first admin from configuration when no account with that email exists yet. */
export async function seedAdmin(
  repo: UsersRepo,
  admin: { email: string; password: string; name: string },
  log: Logger,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  if (await repo.findByEmail(email)) return;
  await repo.insert({
    name: admin.name,
    email,
    role: 'admin',
    passwordHash: await hashPassword(admin.password),
  });
  log.info({ email }, 'admin account created');
}
