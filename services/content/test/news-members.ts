/**
 * Members as the news tests make them: a live token, and the member event auth publishes for
 * them (with their teams), handed to the service's member use case as its members consumer does.
 */
import type { MemberEvent, Role, TeamMembership } from '@teamapp/contracts';
import type { ContentHarness } from './harness';

/** Reference §8's 403 text. */
export const ACCESS_DENIED = 'Access denied. You do not have permission for this action.';

export interface NewsMember {
  userId: string;
  token: string;
  name: string;
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The member event auth publishes, `offsetMs` after now; `teams` absent: none in the snapshot. */
export function memberEvent(
  member: { userId: string; name: string },
  role: Role,
  teams: TeamMembership[] | undefined,
  offsetMs = 0,
  kind: MemberEvent['kind'] = 'updated',
): MemberEvent {
  return {
    userId: member.userId,
    kind,
    at: new Date(Date.now() + offsetMs).toISOString(),
    member: {
      name: member.name,
      email: `${member.userId}@club.test`,
      role,
      profilePicture: null,
      ...(teams && { teams }),
    },
  };
}

/** A signed-in user content knows as a member by name, in the given teams. */
export async function newsMemberFor(
  h: ContentHarness,
  role: Role,
  name: string,
  teams: TeamMembership[],
): Promise<NewsMember> {
  const member = { ...(await h.userFor(role)), name };
  await h.service.deps.notifications.memberChanged(memberEvent(member, role, teams, 0, 'joined'));
  return member;
}
