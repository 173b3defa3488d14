/** Data access for users. Returns plain rows; knows nothing of HTTP. */
import type { Database } from '@teamapp/service-kit';
import { asc, eq, sql } from 'drizzle-orm';
import { users, type AuthSchema, type NewUserRow, type UserRow } from './schema';

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
    async list(options: { activeOnly?: boolean } = {}): Promise<UserRow[]> {
      const query = db.select().from(users);
      return options.activeOnly
        ? query.where(eq(users.isActive, true)).orderBy(asc(users.name))
        : query.orderBy(asc(users.name));
    },
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tempPassword: null, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
