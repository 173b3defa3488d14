/**
 * A team's mark on its rooms (docs/reference.md "Teams"), shown with several teams: the team's
 * colour, reading "Team room" on the team's own room and the team's name on its other rooms.
 */
import { Badge } from '@mantine/core';
import type { ChatRoom, Team } from '@teamapp/contracts';

/** A team's mark on its rooms: "Team room" on its own room, else the team's name. */
export function TeamMark({ room, team }: { room: ChatRoom; team: Team }) {
  return (
    <Badge size="sm" color={team.colour} variant="filled" style={{ flexShrink: 0 }}>
      {room.teamRoom ? 'Team room' : team.name}
    </Badge>
  );
}
