/**
 * Exposed as `./TeamsPage`: /teams, rendered by the shell inside its router and providers. A
 * roster's "Invite to Team" opens the users feature's invitation dialog, handed in here so the
 * two features stay apart.
 */
import { TeamsPage } from '../features/teams/components/teams-page';
import { InviteUserDialog } from '../features/users/components/invite-user-dialog';

export default function TeamsWithInvitations() {
  return <TeamsPage InviteDialog={InviteUserDialog} />;
}
