/**
 * The players' dashboard widget (reference §2 Dashboard): an admin's Total Players (active
 * players in the member directory, GET /user/all) or a player's Team Members (GET /user/team).
 * "…" while the list loads, "—" when it could not be.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '@teamapp/api-client';
import { usersEndpoints } from '@teamapp/contracts';
import {
  countFigure,
  QueryStatCard,
  useMemberDirectory,
  useRequest,
  useSession,
} from '@teamapp/ui';

export function MembersCard() {
  const { user, isAdmin } = useSession();
  const request = useRequest();
  const all = useMemberDirectory({ enabled: !!user && isAdmin });
  const team = useQuery({
    queryKey: ['users', 'team'],
    queryFn: async () => (await call(request, usersEndpoints.team)).data,
    enabled: !!user && !isAdmin,
  });
  if (!user) return null;

  return isAdmin ? (
    <QueryStatCard
      label="Total Players"
      query={all}
      show={(users) => countFigure(users.filter((u) => u.role === 'player' && u.is_active).length)}
    />
  ) : (
    <QueryStatCard
      label="Team Members"
      query={team}
      show={(members) => countFigure(members.length)}
    />
  );
}
