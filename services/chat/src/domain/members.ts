/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name and teams the event carries), `left` makes them inactive. A member
 * who joins is put in every club group room; one who leaves is taken out of every room. A
 * member's team rooms (and their teams' other rooms) follow their teams at once: a new team's
 * group rooms take them in, a team they left lets them go (docs/reference.md "Teams"), and the
 * live socket tells them (the room appears or goes) and the rooms' other members (the count).
 * Events carry their time, so one handled late changes nothing.
 *
 * Families: the snapshot's guardians and minor flag are kept beside the member (none and false
 * for an event from before families); a child's guardians read the child's rooms, so the room
 * lists of their guardians, before and after the change, change with the child's.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import type { ChatRepos } from '../db/repos';
import type { LiveDelivery } from '../live/deliveries';
import { listsChange, roomGone, roomsAsTheyAre, type ChatDeps } from './rooms';

export function createMemberUseCases(deps: ChatDeps) {
  const { repos, inTransaction, live } = deps;
  return {
    /** Handler of the `chat-members` queue; true when the change was applied. */
    async memberChanged(event: MemberEvent) {
      const { userId } = event;
      const changed = await inTransaction(async (store) => {
        await store.rooms.lockTeamRooms();
        const applied = await store.members.apply(memberChangeOf(event));
        if (!applied) return undefined;
        const before = (await store.members.familiesOf([userId])).get(userId)!.guardianIds;
        const snapshot = event.member;
        if (snapshot) {
          await store.members.setFamily(userId, {
            guardians: snapshot.guardians ?? [],
            minor: snapshot.minor ?? false,
          });
        }
        const after = (await store.members.familiesOf([userId])).get(userId)!.guardianIds;
        if (event.kind === 'joined') await store.rooms.joinGroupRooms(userId);
        let moved: { joined: string[]; left: string[] };
        if (event.kind === 'left') {
          moved = { joined: [], left: await store.rooms.leaveAll(userId) };
        } else {
          moved = await store.rooms.followTeams(userId, await store.members.teamIdsOf(userId));
        }
        // Their own list, and those showing them: the member counts of the rooms they joined or
        // left, and their name in the previews of the rooms they wrote in.
        const touched = [...moved.joined, ...moved.left];
        const audience = await store.rooms.audienceOf(userId, touched);
        listsChange(store, [userId, ...audience, ...before, ...after]);
        return { moved, before, after };
      });
      if (!changed) return false;
      const { moved, before, after } = changed;
      // Team rooms only, live: a club room a new member joins shows on their next list.
      const teamMoves = event.kind === 'left' ? { joined: [], left: [] } : moved;
      const shownLeft = await repos.rooms.shownAmong(teamMoves.left);
      await live.publish([
        ...shownLeft.map((roomId) => roomGone(roomId, [userId])),
        ...(await roomsAsTheyAre(repos, [...teamMoves.joined, ...teamMoves.left])),
        ...(await guardiansMoved(repos, userId, { before, after, left: moved.left })),
      ]);
      return true;
    },
  };
}

/**
 * Live frames for the child's guardians whose reading changed: a guardian linked now gets each
 * of the child's rooms (read-only), and one unlinked, or whose child left a room, loses the rooms
 * they no longer read or are in, without a reload (docs/reference.md "Families").
 */
async function guardiansMoved(
  repos: ChatRepos,
  childId: string,
  change: { before: string[]; after: string[]; left: string[] },
): Promise<LiveDelivery[]> {
  const added = change.after.filter((id) => !change.before.includes(id));
  const removed = change.before.filter((id) => !change.after.includes(id));
  const deliveries: LiveDelivery[] = [];
  const childRooms = (await repos.rooms.listFor(childId)).map((row) => row.room.id);
  if (added.length > 0) {
    for (const delivery of await roomsAsTheyAre(repos, childRooms)) {
      const readOnly = delivery.frame.type === 'room' && delivery.frame.room.readOnly;
      const to = readOnly ? delivery.to.filter((id) => added.includes(id)) : [];
      if (to.length > 0) deliveries.push({ to, frame: delivery.frame });
    }
  }
  const lost = new Map<string, string[]>();
  const mayLose = (roomId: string, ids: string[]) =>
    lost.set(roomId, [...new Set([...(lost.get(roomId) ?? []), ...ids])]);
  for (const roomId of await repos.rooms.shownAmong(change.left)) mayLose(roomId, change.before);
  if (removed.length > 0) for (const roomId of childRooms) mayLose(roomId, removed);
  for (const [roomId, ids] of lost) {
    const still = new Set([
      ...(await repos.rooms.memberIds(roomId)),
      ...(await repos.rooms.readersOf(roomId)),
    ]);
    const gone = ids.filter((id) => !still.has(id));
    if (gone.length > 0) deliveries.push(roomGone(roomId, gone));
  }
  return deliveries;
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;
