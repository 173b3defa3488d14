/** Data access for users. Returns plain rows; knows nothing of HTTP. */
import { type Database, updateById } from '@teamapp/service-kit';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { users, type AuthSchema, type NewUserRow, type UserRow } from './schema';

/** What a profile edit may write. */
export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'email'
    | 'role'
    | 'phone'
    | 'position'
    | 'bio'
    | 'nickname'
    | 'coachNotes'
    | 'isActive'
    | 'profilePicture'
  >
>;

export function createUsersRepo(db: Database<AuthSchema>) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /**
     * The row, locked until the transaction ends: two transactions changing one member's
     * memberships at once then publish in turn, the later one seeing both changes.
     */
    async lockById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    async list(options: { activeOnly?: boolean } = {}): Promise<UserRow[]> {
      const query = db.select().from(users);
      return options.activeOnly
        ? query.where(eq(users.isActive, true)).orderBy(asc(users.name))
        : query.orderBy(asc(users.name));
    },
    /** The active members whose date of birth is known (docs/reference.md "Families"). */
    async listWithBirthDate(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(eq(users.isActive, true), isNotNull(users.dateOfBirth)));
    },
    /**
     * The ids of the active admins, their rows locked until the transaction ends, so two admins
     * demoting each other at once cannot leave the club with none.
     */
    async lockActiveAdminIds(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
        .for('update');
      return rows.map((r) => r.id);
    },
    /** The user's own password: the temporary one (if any) stops being needed. */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      return updateById(db, users, id, {
        passwordHash,
        mustChangePassword: false,
        tempPasswordExpiresAt: null,
      });
    },
    /** The next sign-in must choose a new password (the password itself is kept). */
    async requirePasswordChange(id: string): Promise<void> {
      await updateById(db, users, id, { mustChangePassword: true });
    },
    /** The same password hashed anew (at the current cost); nothing else changes. */
    async replacePasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    /** A (new) invitation: a temporary password that must be replaced at first sign-in. */
    async setTemporaryPassword(
      id: string,
      passwordHash: string,
      expiresAt: Date,
    ): Promise<UserRow | undefined> {
      return updateById(db, users, id, {
        passwordHash,
        mustChangePassword: true,
        tempPasswordExpiresAt: expiresAt,
        invitedAt: sql`now()`,
      });
    },
    async recordLogin(id: string): Promise<void> {
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, id));
    },
    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      return updateById(db, users, id, patch);
    },
    async remove(id: string): Promise<UserRow | undefined> {
      const [row] = await db.delete(users).where(eq(users.id, id)).returning();
      return row;
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
