/** Data access for password reset tokens. Tokens are looked up by their hash only. */
import type { Database } from '@teamapp/service-kit';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, type AuthSchema } from './schema';

export function createResetTokensRepo(db: Database<AuthSchema>) {
  return {
    async insert(row: {
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      requestedFrom?: string;
    }) {
      await db.insert(passwordResetTokens).values(row);
    },
    /** Links made for the user since then: in all, and those asked for from one address. */
    async countSince(
      userId: string,
      since: Date,
      address: string,
    ): Promise<{ total: number; fromAddress: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          fromAddress: sql<number>`(count(*) filter (where ${passwordResetTokens.requestedFrom} = ${address}))::int`,
        })
        .from(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)),
        );
      return { total: row?.total ?? 0, fromAddress: row?.fromAddress ?? 0 };
    },
    /** The user id of a live token (unused, unexpired), or undefined. */
    async findLive(tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row?.userId;
    },
    /** Marks a live token used and returns its user; atomic, so a token works only once. */
    async consume(tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId;
    },
    /** Ends every other live token of the user (after a successful reset). */
    async consumeAllFor(userId: string) {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
  };
}

export type ResetTokensRepo = ReturnType<typeof createResetTokensRepo>;
