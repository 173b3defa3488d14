/**
 * Families on the admin screens (docs/reference.md "Families"): adding a young player with no
 * login, a child's guardians (list, invite or link, remove) and giving a child a login of their
 * own. Each call goes through its endpoint in packages/contracts (`familyEndpoints`); the plain
 * fetchers in `familyCalls` are what the hooks run and what family.pact.test.ts drives.
 *
 * A child is a member: adding one, or giving one a login, refreshes the member lists (['users'])
 * and the rosters (['teams']). A child's guardians are cached under ['users', childId,
 * 'guardians'], so a write to the member lists refreshes them too.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  DEFAULT_SHOWCASE_MINORS,
  familyEndpoints as api,
  type ChildInput,
  type GuardianInput,
  type User,
} from '@teamapp/contracts';
import {
  teamMembersQuery,
  teamsQuery,
  teamsQueryKey,
  useMemberDirectory,
  useRead,
  useRequest,
  useSettingsQuery,
  useWrite,
} from '@teamapp/ui';

export const guardiansQueryKey = (childId: string) => ['users', childId, 'guardians'] as const;

/** The fetchers on a request function. */
export const familyCalls = {
  addChild: (request: ApiRequest, input: ChildInput) =>
    call(request, api.addChild, { body: input }),
  guardians: (request: ApiRequest, childId: string) =>
    call(request, api.guardians, { params: { childId } }),
  addGuardian: (request: ApiRequest, childId: string, input: GuardianInput) =>
    call(request, api.addGuardian, { params: { childId }, body: input }),
  removeGuardian: (request: ApiRequest, childId: string, guardianId: string) =>
    call(request, api.removeGuardian, { params: { childId, guardianId } }),
  giveLogin: (request: ApiRequest, childId: string, email: string) =>
    call(request, api.giveLogin, { params: { childId }, body: { email } }),
};

/** After a write: the member lists (and so every child's guardians) and the rosters. */
const REFRESH = [{ queryKey: ['users'] }, { queryKey: teamsQueryKey }];

export const useAddChild = () => useWrite(familyCalls.addChild, REFRESH);

/** A child's guardians, with the warning when nobody can answer for them. */
export const useGuardians = (childId: string) =>
  useRead(guardiansQueryKey(childId), (request) => familyCalls.guardians(request, childId));

export const useAddGuardian = (childId: string) =>
  useWrite(
    (request, input: GuardianInput) => familyCalls.addGuardian(request, childId, input),
    REFRESH,
  );

export const useRemoveGuardian = (childId: string) =>
  useWrite(
    (request, guardianId: string) => familyCalls.removeGuardian(request, childId, guardianId),
    REFRESH,
  );

export const useGiveLogin = (childId: string) =>
  useWrite((request, email: string) => familyCalls.giveLogin(request, childId, email), REFRESH);

/** A young player as the card needs them: no login of their own, or under the adult age. */
export interface ChildFacts {
  id: string;
  name: string;
  dateOfBirth: string | null;
  hasLogin: boolean;
  /** Under the club's adult age. */
  minor: boolean;
}

const childrenOf = (users: User[]): ReadonlyMap<string, ChildFacts> =>
  new Map(
    users
      .filter((u) => u.has_login === false || u.minor === true)
      .map((u) => [
        u.id,
        {
          id: u.id,
          name: u.name,
          dateOfBirth: u.date_of_birth ?? null,
          hasLogin: u.has_login !== false,
          minor: u.minor === true,
        },
      ]),
  );

/** The club's young players by id (from the member directory), for a roster's badges and cards. */
export const useChildren = (enabled: boolean) =>
  useMemberDirectory({ enabled, select: childrenOf });

/** A team the child plays in, with the coaches who may see the child's details. */
export interface ChildTeam {
  id: string;
  name: string;
  coaches: string[];
}

/**
 * What the card's "Who can see what" is built from, for club admins: the child's teams (from
 * the club's teams and their rosters, the caches the roster screens share), the club admins
 * (the member directory) and how the public showcase shows young players (the settings). Idle
 * unless `enabled`; `data` once every read has answered.
 */
export function useChildAudience(childId: string, enabled: boolean) {
  const request = useRequest();
  const teams = useQuery({ ...teamsQuery(request), enabled });
  const rosters = useQueries({
    queries: (enabled ? (teams.data ?? []) : []).map((t) => teamMembersQuery(request, t.id)),
  });
  const admins = useMemberDirectory({
    enabled,
    select: (users: User[]) =>
      users.filter((u) => u.role === 'admin' && u.is_active !== false).map((u) => u.name),
  });
  const settings = useSettingsQuery();
  const reads = [teams, ...rosters, admins, settings];
  const failed = reads.find((r) => r.isError);
  const ready = reads.every((r) => r.isSuccess);
  const childTeams: ChildTeam[] = (teams.data ?? [])
    .filter((_, i) => rosters[i]?.data?.members.some((m) => m.userId === childId))
    .map((t) => ({ id: t.id, name: t.name, coaches: t.coaches.map((c) => c.name) }));
  return {
    failed,
    data: ready
      ? {
          teams: childTeams,
          // With one team in the club no team is named (docs/reference.md "Teams").
          severalTeams: (teams.data ?? []).length > 1,
          admins: admins.data ?? [],
          showcaseMinors: settings.data?.showcaseMinors ?? DEFAULT_SHOWCASE_MINORS,
        }
      : undefined,
    retry: () => {
      for (const r of reads) if (r.isError) void r.refetch();
    },
  };
}
