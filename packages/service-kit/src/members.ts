/**
 * The member list a service keeps from the auth service's member events (its `<service>-members`
 * queue), for names, roles and who is still a member without asking auth: `joined` and `updated`
 * keep a member active with the name, e-mail and role the event carries, `left` makes them
 * inactive; the member's teams come with them (`teams`). Events carry their time, so one handled late changes nothing, and one without a
 * snapshot keeps what is known of the member.
 */
import type { MemberEvent, TeamMembership } from '@teamapp/contracts';
import { lte, sql } from 'drizzle-orm';
import { boolean, jsonb, text, uuid, type PgSchema } from 'drizzle-orm/pg-core';
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
    .onConflictDoUpdate({
      target: members.userId,
      set: {
        active,
        changedAt: at,
        name: sql`coalesce(excluded.name, ${members.name})`,
        email: sql`coalesce(excluded.email, ${members.email})`,
        role: sql`coalesce(excluded.role, ${members.role})`,
        teams: sql`coalesce(excluded.teams, ${members.teams})`,
      },
      setWhere: lte(members.changedAt, at),
    })
    .returning({ userId: members.userId });
  return rows.length > 0;
}
