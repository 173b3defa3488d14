/**
 * The "Team" picker of the forms that make a team's thing (docs/reference.md "Teams"): shown only
 * with several teams; a club admin may pick "Club-wide" or any team, a coach one of the teams they
 * coach (required). The header's team, when it is one of the choices, comes first; otherwise a
 * club admin starts on Club-wide and a coach on their first team, picker shown or not.
 */
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { Team } from '@teamapp/contracts';
import { useSession } from '../session/session-context';
import { useTeamChoice } from './team-choice';

/** The label of the picker's choice of no team. */
export const CLUB_WIDE = 'Club-wide';

export interface TeamPick {
  /** Whether the picker shows (several teams). */
  shown: boolean;
  /** The form's first value: a team id, or '' for club-wide. */
  initial: string;
  /** The teams the member may pick. */
  teams: readonly Team[];
  /** Whether "Club-wide" is a choice (club admins). */
  clubWide: boolean;
}

export function useTeamPick(): TeamPick {
  const { isAdmin } = useSession();
  const { coachedTeams, severalTeams, teamId } = useTeamChoice();
  const header = severalTeams && coachedTeams.some((t) => t.id === teamId) ? teamId : null;
  return {
    shown: severalTeams,
    initial: header ?? (isAdmin ? '' : (coachedTeams[0]?.id ?? '')),
    teams: coachedTeams,
    clubWide: isAdmin,
  };
}

/** The picker itself; spread the form's input props for the team field onto it. */
export function TeamPicker({
  pick,
  ...props
}: { pick: TeamPick } & Omit<NativeSelectProps, 'data' | 'label' | 'required'>) {
  return (
    <NativeSelect
      label="Team"
      required={!pick.clubWide}
      data={[
        ...(pick.clubWide ? [{ value: '', label: CLUB_WIDE }] : []),
        ...pick.teams.map((t) => ({ value: t.id, label: t.name })),
      ]}
      {...props}
    />
  );
}
