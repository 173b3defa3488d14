/**
 * The teams, kept from the auth service's team events (queue `chat-teams`), and each team's own
 * room (docs/reference.md "Teams"): a group room named after the team, made when the team is
 * first heard of with the team's members in it, renamed with the team, and hidden from room
 * lists while the team is archived (its messages are kept). Team rooms show only while the club
 * has two or more active teams: with one, the club is as before teams, and the second team's
 * coming shows every team room (archiving back to one hides them). Who is in it follows the
 * members' teams (members.ts). The live socket tells the room's members each change.
 */
import type { TeamEvent } from '@teamapp/contracts';
import type { LiveDelivery } from '../live/deliveries';
import { listsChange, roomGone, roomsAsTheyAre, type ChatDeps } from './rooms';

export function createTeamUseCases(deps: ChatDeps) {
  const { repos, inTransaction, live } = deps;
  return {
    /** Handler of the `chat-teams` queue; true when the event was applied. */
    async teamChanged(event: TeamEvent) {
      const { teamId, team } = event;
      const changed = await inTransaction(async (store) => {
        await store.rooms.lockTeamRooms();
        const before = await store.teams.find(teamId);
        const shownBefore = await store.rooms.teamRoomsShown();
        if (!(await store.teams.apply(event))) return undefined;
        const { room, made } = await store.rooms.ensureTeamRoom(teamId, team.name);
        if (made) await store.rooms.addMembers(room.id, await store.members.activeInTeam(teamId));
        else if (room.name !== team.name) await store.rooms.rename(room.id, team.name);
        const renamed = !made && room.name !== team.name;
        const archivedNow = before !== undefined && before.archived !== team.archived;
        // The club's second active team shows every team room; back to one, they hide again.
        const shownNow = await store.rooms.teamRoomsShown();
        const shownChanged = shownNow !== shownBefore;
        // Archiving hides (or bringing back shows) every room of the team; a name, its own room.
        const touched = archivedNow ? await store.rooms.idsOfTeam(teamId) : [room.id];
        if (shownChanged) touched.push(...(await store.rooms.activeTeamRoomIds()));
        const members = new Map<string, string[]>();
        // With the guardians who read a room for a child in it (docs/reference.md "Families").
        for (const roomId of touched) {
          const ids = await store.rooms.memberIds(roomId);
          members.set(roomId, [...ids, ...(await store.rooms.readersOf(roomId))]);
        }
        if (made || archivedNow || renamed || shownChanged) {
          listsChange(store, [...members.values()].flat());
        }
        const gone = (archivedNow && team.archived) || (shownChanged && !shownNow);
        return { changedLists: made || renamed || archivedNow || shownChanged, gone, members };
      });
      if (!changed) return false;
      const { changedLists, gone, members } = changed;
      const deliveries: LiveDelivery[] = [];
      if (gone) {
        for (const [roomId, to] of members) deliveries.push(roomGone(roomId, to));
      } else if (changedLists) {
        deliveries.push(...(await roomsAsTheyAre(repos, [...members.keys()])));
      }
      await live.publish(deliveries);
      return true;
    },
  };
}

export type TeamUseCases = ReturnType<typeof createTeamUseCases>;
