/** Data access for rooms and who is in them. */
import { type Database, deleteWhere } from '@teamapp/service-kit';
import { and, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { hasGuardian } from './members.repo';
import {
  memberFamilies,
  members,
  messages,
  roomMembers,
  rooms,
  teams,
  type ChatSchema,
  type RoomRow,
} from './schema';

/** A room as one member sees it in the list. */
export interface RoomListRow {
  room: RoomRow;
  memberCount: number;
  unreadCount: number;
  last: { senderName: string | null; content: string; createdAt: string } | null;
}

export function createRoomsRepo(db: Database<ChatSchema>) {
  // The room's member count, and its newest message (an index probe, however long the room).
  // The outer room is named with its table: drizzle writes a bare "id" when one table is selected.
  const roomId = sql`${rooms}.id`;
  const memberCount = sql<number>`(select count(*)::int from ${roomMembers} rm where rm.room_id = ${roomId})`;
  const last = sql<RoomListRow['last']>`(
    select json_build_object('senderName', mem.name, 'content', m.content, 'createdAt', m.created_at)
    from ${messages} m left join ${members} mem on mem.user_id = m.sender_id
    where m.room_id = ${roomId}
    order by m.created_at desc, m.id desc
    limit 1)`;

  // Team rooms show only while the club has two or more active teams: a club of one team is as
  // before teams (docs/reference.md "Teams"). A hidden team room keeps its messages.
  const severalTeams = sql`(select count(*) from ${teams} t where not t.archived) >= 2`;
  const teamRoomShown = sql`(not ${rooms}.team_room or ${severalTeams})`;
  // A room of an archived team is hidden from room lists too (its messages are kept).
  // (The room's team named with its table too: the subquery's own team_id would shadow it.)
  const shown = sql`(not exists (select 1 from ${teams} t where t.team_id = ${rooms}.team_id and t.archived) and ${teamRoomShown})`;

  // Families: a guardian reads every room a child of theirs is in (read-only unless a member).
  const childOfIn = (guardianId: string) => sql`exists (
    select 1 from ${roomMembers} crm join ${memberFamilies} on ${memberFamilies.userId} = crm.user_id
    where crm.room_id = ${roomId} and ${hasGuardian(guardianId)})`;
  const notMember = (userId: string) =>
    sql`not exists (select 1 from ${roomMembers} orm where orm.room_id = ${roomId} and orm.user_id = ${userId})`;

  return {
    async insert(values: {
      name: string;
      description: string;
      type: RoomRow['type'];
      createdBy: string;
      teamId: string | null;
    }): Promise<RoomRow> {
      const [row] = await db.insert(rooms).values(values).returning();
      return row!;
    },
    /**
     * Holds, until the transaction ends, the lock that member and team events take before they
     * change who is in a team's rooms: a team made while a member joins it sees the member, or
     * the member's event sees the team's room, whichever commits second.
     */
    async lockTeamRooms(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('chat.team_rooms'))`);
    },
    /** The team's room, made now unless it exists (a repeated team event makes none). */
    async ensureTeamRoom(teamId: string, name: string): Promise<{ room: RoomRow; made: boolean }> {
      const [made] = await db
        .insert(rooms)
        .values({ name, type: 'group', teamId, teamRoom: true, createdBy: null })
        .onConflictDoNothing()
        .returning();
      if (made) return { room: made, made: true };
      const [found] = await db
        .select()
        .from(rooms)
        .where(and(eq(rooms.teamId, teamId), eq(rooms.teamRoom, true)));
      return { room: found!, made: false };
    },
    async rename(roomId: string, name: string): Promise<void> {
      await db.update(rooms).set({ name }).where(eq(rooms.id, roomId));
    },
    /** Whether team rooms show: the club has two or more active teams. */
    async teamRoomsShown(): Promise<boolean> {
      const [row] = await db
        .select({ active: sql<number>`count(*)::int` })
        .from(teams)
        .where(eq(teams.archived, false));
      return Number(row?.active) >= 2;
    },
    /** The ids of the team rooms of active teams (with their members: as shown or hidden). */
    async activeTeamRoomIds(): Promise<string[]> {
      const rows = await db
        .select({ id: rooms.id })
        .from(rooms)
        .innerJoin(teams, eq(teams.teamId, rooms.teamId))
        .where(and(eq(rooms.teamRoom, true), eq(teams.archived, false)));
      return rows.map((r) => r.id);
    },
    /** The ids of every room of the team (its team room and the further ones). */
    async idsOfTeam(teamId: string): Promise<string[]> {
      const rows = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.teamId, teamId));
      return rows.map((r) => r.id);
    },
    /** Of these rooms, the ones room lists show (not of an archived team). */
    async shownAmong(roomIds: string[]): Promise<string[]> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(inArray(rooms.id, roomIds), shown));
      return rows.map((r) => r.id);
    },
    /**
     * The member's rooms follow their teams: they leave the rooms of teams they are not in (but
     * not a room they made themselves: a club admin's room for a team they are not in), and join
     * the group rooms (the team room among them) of the teams they are in. The rooms joined and
     * left.
     */
    async followTeams(
      userId: string,
      teamIds: string[],
    ): Promise<{ joined: string[]; left: string[] }> {
      const notTheirs = db
        .select({ id: rooms.id })
        .from(rooms)
        .where(
          and(
            isNotNull(rooms.teamId),
            teamIds.length > 0 ? notInArray(rooms.teamId, teamIds) : undefined,
            or(isNull(rooms.createdBy), ne(rooms.createdBy, userId)),
          ),
        );
      const left = await db
        .delete(roomMembers)
        .where(and(eq(roomMembers.userId, userId), inArray(roomMembers.roomId, notTheirs)))
        .returning({ roomId: roomMembers.roomId });
      const groups =
        teamIds.length === 0
          ? []
          : await db
              .select({ id: rooms.id })
              .from(rooms)
              .where(and(inArray(rooms.teamId, teamIds), eq(rooms.type, 'group')));
      const joined =
        groups.length === 0
          ? []
          : await db
              .insert(roomMembers)
              .values(groups.map((g) => ({ roomId: g.id, userId })))
              .onConflictDoNothing()
              .returning({ roomId: roomMembers.roomId });
      return { joined: joined.map((r) => r.roomId), left: left.map((r) => r.roomId) };
    },
    /** Each member's unread count in the room (for room frames, which carry the recipient's). */
    async unreadOf(roomId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ userId: roomMembers.userId, unreadCount: roomMembers.unreadCount })
        .from(roomMembers)
        .where(eq(roomMembers.roomId, roomId));
      return Object.fromEntries(rows.map((r) => [r.userId, r.unreadCount]));
    },
    async find(roomId: string): Promise<RoomRow | undefined> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, roomId));
      return row;
    },
    async remove(roomId: string): Promise<boolean> {
      return deleteWhere(db, rooms, { id: roomId });
    },
    /**
     * Takes the room's row lock for the rest of the transaction, so sends to one room commit one
     * after another and their times rise in commit order (a catching-up client skips none).
     */
    async lockForSend(roomId: string): Promise<boolean> {
      const rows = await db
        .update(rooms)
        .set({ lastMessageAt: sql`clock_timestamp()` })
        .where(eq(rooms.id, roomId))
        .returning({ id: rooms.id });
      return rows.length > 0;
    },
    async addMembers(roomId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insert(roomMembers)
        .values(userIds.map((userId) => ({ roomId, userId })))
        .onConflictDoNothing();
    },
    async memberIds(roomId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: roomMembers.userId })
        .from(roomMembers)
        .where(eq(roomMembers.roomId, roomId));
      return rows.map((r) => r.userId);
    },
    /**
     * The room, whether the user is in it and whether it is a team room hidden while the club
     * has one active team, in one query (every message call asks).
     */
    async findForMember(
      roomId: string,
      userId: string,
    ): Promise<
      | { room: RoomRow; isMember: boolean; isGuardian: boolean; hidden: boolean; size: number }
      | undefined
    > {
      const [row] = await db
        .select({
          room: rooms,
          isMember: sql<boolean>`exists (select 1 from ${roomMembers} rm where rm.room_id = ${roomId} and rm.user_id = ${userId})`,
          isGuardian: sql<boolean>`${childOfIn(userId)}`,
          hidden: sql<boolean>`not ${teamRoomShown}`,
          size: memberCount,
        })
        .from(rooms)
        .where(eq(rooms.id, roomId));
      return (
        row && {
          room: row.room,
          isMember: Boolean(row.isMember),
          isGuardian: Boolean(row.isGuardian),
          hidden: Boolean(row.hidden),
          size: Number(row.size),
        }
      );
    },
    /**
     * Who reads the room without being in it: the guardians of its members (docs/reference.md
     * "Families"), for its live frames and their room lists.
     */
    async readersOf(roomId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: roomMembers.userId, guardians: memberFamilies.guardians })
        .from(roomMembers)
        .leftJoin(memberFamilies, eq(memberFamilies.userId, roomMembers.userId))
        .where(eq(roomMembers.roomId, roomId));
      const inRoom = new Set(rows.map((r) => r.userId));
      const readers = rows.flatMap((r) => (r.guardians ?? []).map((g) => g.userId));
      return [...new Set(readers)].filter((id) => !inRoom.has(id));
    },
    /**
     * A send, in one statement: one more unread message for everyone but the sender, whose room
     * is read (as markRead). Each other member's new count.
     */
    async countSend(roomId: string, senderId: string) {
      const isSender = sql`${roomMembers.userId} = ${senderId}`;
      const rows = await db
        .update(roomMembers)
        .set({
          unreadCount: sql`case when ${isSender} then 0 else ${roomMembers.unreadCount} + 1 end`,
          offlineNotified: sql`case when ${isSender} then false else ${roomMembers.offlineNotified} end`,
        })
        .where(eq(roomMembers.roomId, roomId))
        .returning({ userId: roomMembers.userId, unreadCount: roomMembers.unreadCount });
      return rows.filter((r) => r.userId !== senderId);
    },
    async markRead(roomId: string, userId: string): Promise<void> {
      await db
        .update(roomMembers)
        .set({ unreadCount: 0, offlineNotified: false })
        .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
    },
    /**
     * Of these members (away when a message came), the ones not yet told of the room's new
     * messages since they last read it; they are marked told.
     */
    async flagOfflineNotified(roomId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .update(roomMembers)
        .set({ offlineNotified: true })
        .where(
          and(
            eq(roomMembers.roomId, roomId),
            inArray(roomMembers.userId, userIds),
            eq(roomMembers.offlineNotified, false),
          ),
        )
        .returning({ userId: roomMembers.userId });
      return rows.map((r) => r.userId);
    },
    /** The member joins every club group room (a new member of the club; team rooms follow teams). */
    async joinGroupRooms(userId: string): Promise<string[]> {
      const groups = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.type, 'group'), isNull(rooms.teamId)));
      if (groups.length === 0) return [];
      const added = await db
        .insert(roomMembers)
        .values(groups.map((g) => ({ roomId: g.id, userId })))
        .onConflictDoNothing()
        .returning({ roomId: roomMembers.roomId });
      return added.map((r) => r.roomId);
    },
    /** The member leaves every room (they left the club); the rooms they were in. */
    async leaveAll(userId: string): Promise<string[]> {
      const removed = await db
        .delete(roomMembers)
        .where(eq(roomMembers.userId, userId))
        .returning({ roomId: roomMembers.roomId });
      return removed.map((r) => r.roomId);
    },
    /**
     * Whose room lists show this user: the members of the rooms they are in, of the rooms they
     * wrote in (their name in a preview) and of these rooms.
     */
    async audienceOf(userId: string, roomIds: string[] = []): Promise<string[]> {
      const theirs = db
        .select({ id: roomMembers.roomId })
        .from(roomMembers)
        .where(eq(roomMembers.userId, userId));
      const written = db
        .selectDistinct({ id: messages.roomId })
        .from(messages)
        .where(eq(messages.senderId, userId));
      const rows = await db
        .selectDistinct({ userId: roomMembers.userId })
        .from(roomMembers)
        .where(
          or(
            inArray(roomMembers.roomId, theirs),
            inArray(roomMembers.roomId, written),
            roomIds.length > 0 ? inArray(roomMembers.roomId, roomIds) : undefined,
          ),
        );
      return rows.map((r) => r.userId);
    },
    /**
     * The rooms the user is in, with count, preview and unread count; latest activity first.
     * Rooms of archived teams are left out.
     */
    async listFor(userId: string, roomIds?: string[]): Promise<RoomListRow[]> {
      const where = and(
        eq(roomMembers.userId, userId),
        roomIds ? inArray(rooms.id, roomIds) : undefined,
        shown,
      );
      const rows = await db
        .select({
          room: rooms,
          unreadCount: roomMembers.unreadCount,
          memberCount,
          last,
        })
        .from(roomMembers)
        .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
        .where(where)
        .orderBy(desc(sql`coalesce(${rooms.lastMessageAt}, ${rooms.createdAt})`), desc(rooms.id));
      return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
    },
    /**
     * The rooms a guardian reads without being in them (a child of theirs is), as listFor
     * answers them with no unread count; rooms of archived teams are left out.
     */
    async listReadBy(guardianId: string): Promise<RoomListRow[]> {
      const rows = await db
        .select({ room: rooms, memberCount, last })
        .from(rooms)
        .where(and(childOfIn(guardianId), notMember(guardianId), shown));
      return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount), unreadCount: 0 }));
    },
    /** A room as anyone sees it (no unread count): for a live room frame. */
    async summary(roomId: string): Promise<Omit<RoomListRow, 'unreadCount'> | undefined> {
      const [row] = await db
        .select({ room: rooms, memberCount, last })
        .from(rooms)
        .where(eq(rooms.id, roomId));
      return row && { ...row, memberCount: Number(row.memberCount) };
    },
  };
}

export type RoomsRepo = ReturnType<typeof createRoomsRepo>;
