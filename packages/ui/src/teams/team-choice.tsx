/**
 * The team a member is looking at (docs/reference.md "Teams"): the header's picker sets it, and
 * the schedule, roster, attendance, chat and dashboard follow it. Remembered per member on this
 * device; `null` means "All my teams". Shared as a federation singleton (inside AppProviders), so
 * the shell and every remote read the same choice.
 *
 * With one team in the club nothing here shows: `severalTeams` is false, the picker is hidden and
 * no screen names a team (the club behaves as reference §2 describes).
 *
 * A guardian (docs/reference.md "Families") may look at their children's teams too: those teams
 * (from GET /family, read only when the session names children) count among `myTeams`, so the
 * header's picker offers them and the schedule follows the choice.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Team } from '@teamapp/contracts';
import { useSession } from '../session/session-context';
import { familyQuery, teamsQuery } from '../queries/shared-reads';

export interface TeamChoiceValue {
  /** Every active team of the club (what GET /api/teams answers), in its order. */
  teams: readonly Team[];
  /** The teams the member is in (any role), and their children's teams. */
  myTeams: readonly Team[];
  /** The teams the member coaches (club admins: every team). */
  coachedTeams: readonly Team[];
  /** The chosen team's id, or null for "All my teams". */
  teamId: string | null;
  /** The chosen team, when one is chosen and still exists. */
  team: Team | null;
  choose: (teamId: string | null) => void;
  /** More than one active team in the club: screens name teams and the pickers show. */
  severalTeams: boolean;
  /** True while the teams are first read. */
  loading: boolean;
}

const TeamChoiceContext = createContext<TeamChoiceValue | null>(null);

const storageKey = (userId: string) => `teamapp.team-choice.${userId}`;

function readStored(userId: string | undefined): string | null {
  if (!userId || typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

export function TeamChoiceProvider({ children }: { children: ReactNode }) {
  const { user, request, isAdmin, mustChangePassword } = useSession();
  const userId = user?.id;
  const { data, isPending } = useQuery({
    ...teamsQuery(request),
    enabled: !!userId && !mustChangePassword,
  });
  const guardian = (user?.children?.length ?? 0) > 0;
  const family = useQuery({
    ...familyQuery(request),
    enabled: !!userId && !mustChangePassword && guardian,
    select: (answer) => answer.data.children.flatMap((child) => child.teams.map((t) => t.id)),
  });
  const childTeams = family.data;
  // The stored choice of whoever is signed in; re-read when the member changes.
  const [stored, setStored] = useState<{ userId?: string; teamId: string | null }>(() => ({
    userId,
    teamId: readStored(userId),
  }));
  const current = stored.userId === userId ? stored.teamId : readStored(userId);

  const choose = useCallback(
    (teamId: string | null) => {
      setStored({ userId, teamId });
      if (!userId) return;
      try {
        if (teamId) localStorage.setItem(storageKey(userId), teamId);
        else localStorage.removeItem(storageKey(userId));
      } catch {
        // Storage refused (private mode): the choice lasts for this visit.
      }
    },
    [userId],
  );

  const value = useMemo<TeamChoiceValue>(() => {
    const teams = (data ?? []).filter((t) => !t.archived);
    const mine = (t: Team) => t.myRole !== null || (childTeams?.includes(t.id) ?? false);
    const myTeams = teams.filter(mine);
    const coachedTeams = isAdmin ? teams : teams.filter((t) => t.myRole === 'coach');
    // A remembered team the member has left, or that was archived, falls back to all.
    const team = teams.find((t) => t.id === current && (isAdmin || mine(t))) ?? null;
    return {
      teams,
      myTeams,
      coachedTeams,
      teamId: team?.id ?? null,
      team,
      choose,
      severalTeams: teams.length > 1,
      loading: !!userId && isPending,
    };
  }, [data, childTeams, isAdmin, current, choose, userId, isPending]);

  return <TeamChoiceContext.Provider value={value}>{children}</TeamChoiceContext.Provider>;
}

/** The member's team choice; inside AppProviders. */
export function useTeamChoice(): TeamChoiceValue {
  const value = useContext(TeamChoiceContext);
  if (!value) throw new Error('useTeamChoice must be used inside AppProviders');
  return value;
}
