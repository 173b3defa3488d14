/** Use cases around users: what the API shows of them, listing, creating and seeding the admin. */
import type { Role, TeamMember, User } from '@teamapp/contracts';
import { conflict } from '@teamapp/service-kit';
import type { Logger } from '@teamapp/service-kit';
import type { UserRow } from '../db/schema';
import type { InTransaction } from '../db/store';
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

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** Creates an account and tells the other services a member joined, in one transaction. */
export async function createUser(inTransaction: InTransaction, input: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(async (store) => {
    if (await store.users.findByEmail(input.email)) {
      throw conflict('A user with that email already exists');
    }
    const row = await store.users.insert({
      name: input.name,
      email: input.email,
      role: input.role,
      passwordHash,
    });
    await store.enqueue('members', { userId: row.id, kind: 'joined' });
    return row;
  });
}

/** Creates the first admin from configuration when no account with that email exists yet. */
export async function seedAdmin(
  inTransaction: InTransaction,
  admin: { email: string; password: string; name: string },
  log: Logger,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const exists = await inTransaction((store) => store.users.findByEmail(email));
  if (exists) return;
  await createUser(inTransaction, { ...admin, email, role: 'admin' }).catch((err: unknown) => {
    // Two instances starting together: the other one created it first.
    if (!(err instanceof Error && err.name === 'AppError')) throw err;
  });
  log.info({ email }, 'admin account created');
}
