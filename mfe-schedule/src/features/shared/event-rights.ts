/**
 * Who runs which events (docs/reference.md "Teams"): a club admin every event; a coach the events
 * of the teams they coach (create, edit, delete, results, attendance), nothing club-wide; a
 * player none. The server decides; the screens offer only what it would allow.
 */
import { useMemo } from 'react';
import { useSession, useTeamChoice } from '@teamapp/ui';

export interface EventRights {
  /** May add events: a club admin, or a coach of some team. */
  canCreate: boolean;
  /** May change, delete, score and take attendance of an event of `teamId` (null: club-wide). */
  canManage: (teamId: string | null | undefined) => boolean;
}

export function useEventRights(): EventRights {
  const { isAdmin } = useSession();
  const { coachedTeams } = useTeamChoice();
  return useMemo(() => {
    const coached = new Set(coachedTeams.map((t) => t.id));
    return {
      canCreate: isAdmin || coached.size > 0,
      canManage: (teamId) => isAdmin || (!!teamId && coached.has(teamId)),
    };
  }, [isAdmin, coachedTeams]);
}
