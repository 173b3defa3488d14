/**
 * The member list a service keeps from the auth service's member events (its `<service>-members`
 * queue), for names, roles and who is still a member without asking auth: `joined` and `updated`
 * keep a member active with the name, e-mail and role the event carries, `left` makes them
 * inactive; the member's teams come with them (`teams`). Events carry their time, so one handled late changes nothing, and one without a
 * snapshot keeps what is known of the member.
 */
import type { MemberEvent, TeamMembership } from '@teamapp/contracts';
import { lte, sql } from 'drizzle-orm';
import { boolean, jsonb, text, uuid, type AnyPgColumn, type PgSchema } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import type { Executor } from './outbox';

/** The `members` table in a service's own schema. */
export function membersTable(schema: PgSchema) {
  return schema.table('members', {
    userId: uuid('user_id').primaryKey(),
    name: text('name'),
    email: text('email'),
    role: text('role'),
    /** The member's teams and role in each (contracts teams.ts); null until an event says. */
    teams: jsonb('teams').$type<TeamMembership[]>(),
    active: boolean('active').notNull().default(true),
    changedAt: createdAtColumn('changed_at'),
  });
}

export type MembersTable = ReturnType<typeof membersTable>;

export interface MemberChange {
  userId: string;
  active: boolean;
  at: Date;
  /** Absent when the event carried no snapshot: what is known stays. */
  name?: string;
  email?: string;
  role?: string;
  teams?: TeamMembership[];
}

/** What a member event changes in the list. */
export const memberChangeOf = (event: MemberEvent): MemberChange => ({
  userId: event.userId,
  active: event.kind !== 'left',
  at: event.at ? new Date(event.at) : new Date(),
  name: event.member?.name,
  email: event.member?.email,
  role: event.member?.role,
  teams: event.member?.teams,
});

/** The columns of a member list that a member change upserts (a service's list may have more). */
interface MemberRowColumns {
  userId: AnyPgColumn;
  changedAt: AnyPgColumn;
}

/**
 * The conflict clause of a member change's insert: the row takes the change's `active` and time,
 * each column of `kept` the change's value or, where it carried none, the one known; a row whose
 * recorded change is newer stays as it is. `set` adds columns the change sets as they are.
 */
export function unlessNewer<TMembers extends MemberRowColumns, TKept extends keyof TMembers>(
  members: TMembers,
  change: { active: boolean; at: Date },
  kept: TKept[],
  set: Record<string, unknown> = {},
) {
  const known = (key: TKept) => {
    const column = members[key] as AnyPgColumn;
    return sql`coalesce(excluded.${sql.identifier(column.name)}, ${column})`;
  };
  return {
    target: members.userId,
    set: {
      active: change.active,
      changedAt: change.at,
      ...Object.fromEntries(kept.map((key) => [key, known(key)])),
      ...set,
    },
    setWhere: lte(members.changedAt, change.at),
  };
}

/** Records a change unless a newer one is already recorded; true when it was applied. */
export async function applyMemberChange(
  db: Executor,
  members: MembersTable,
  change: MemberChange,
): Promise<boolean> {
  const { userId, active, at } = change;
  const snapshot = {
    name: change.name,
    email: change.email,
    role: change.role,
    teams: change.teams,
  };
  const rows = await db
    .insert(members)
    .values({ userId, active, changedAt: at, ...snapshot })
    .onConflictDoUpdate(unlessNewer(members, change, ['name', 'email', 'role', 'teams']))
    .returning({ userId: members.userId });
  return rows.length > 0;
}
