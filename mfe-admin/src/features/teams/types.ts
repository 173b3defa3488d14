/** What the teams feature asks of the app that hosts it. */

/**
 * The invitation dialog a roster opens with "Invite to Team" (the users feature's, handed in by
 * the exposed page, so the features stay apart): the new member joins `teamId` as a player.
 */
export interface InviteToTeamProps {
  opened: boolean;
  onClose: () => void;
  teamId: string;
}
