/** Use cases around users: what the API shows of them, listing, creating and seeding the admin. */
import type { Role, TeamMember, User } from '@teamapp/contracts';
import { conflict, type Logger } from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
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

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export function createUserUseCases(deps: { users: UsersRepo; inTransaction: AuthTransaction }) {
  /** Creates an account and tells the other services a member joined, in one transaction. */
  const create = async (input: NewUser): Promise<User> => {
    const passwordHash = await hashPassword(input.password);
    const row = await deps.inTransaction(async (store) => {
      if (await store.users.findByEmail(input.email)) {
        throw conflict('A user with that email already exists');
      }
      const created = await store.users.insert({
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
      });
      await store.enqueue('members', { userId: created.id, kind: 'joined' });
      return created;
    });
    return toUser(row, 'admin');
  };

  return {
    team: async () => (await deps.users.list({ activeOnly: true })).map(toTeamMember),
    all: async (viewerRole: Role) =>
      (await deps.users.list()).map((row) => toUser(row, viewerRole)),
    create,
    /** Creates the first admin from configuration when no account with that email exists yet. */
    async seedAdmin(admin: { email: string; password: string; name: string }, log: Logger) {
      const email = admin.email.trim().toLowerCase();
      if (await deps.users.findByEmail(email)) return;
      await create({ ...admin, email, role: 'admin' }).catch((err: unknown) => {
        // Two instances starting together: the other one created it first.
        if (!(err instanceof Error && err.name === 'AppError')) throw err;
      });
      log.info({ email }, 'admin account created');
    },
  };
}

export type UserUseCases = ReturnType<typeof createUserUseCases>;
