/**
 * The "Team" picker of the forms that make a team's thing (docs/reference.md "Teams": events,
 * news posts, rooms and invitations): shown only with several teams; a club admin may pick no
 * team ("Club-wide", or what the form calls it) or any team, a coach one of the teams they coach
 * (required). The header's team, when it is one of the choices, comes first; otherwise a club
 * admin starts on no team and a coach on their first team, picker shown or not. A form whose coach
 * must choose (`coachChooses`) starts a coach of several teams on "Choose a team" instead.
 *
 * The form's value is a team id, or '' for no team (a club admin) or none chosen yet (a coach).
 */
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { Team } from '@teamapp/contracts';
import { useSession } from '../session/session-context';
import { useTeamChoice } from './team-choice';

/** The label of the picker's choice of no team. */
export const CLUB_WIDE = 'Club-wide';
/** The placeholder of a coach's picker while no team is chosen. */
export const CHOOSE_A_TEAM = 'Choose a team';

export interface TeamPick {
  /** Whether the picker shows (several teams). */
  shown: boolean;
  /** The form's first value: a team id, or '' for no team (or none chosen yet). */
  initial: string;
  /** The teams the member may pick. */
  teams: readonly Team[];
  /** Whether no team is a choice (club admins). */
  clubWide: boolean;
}

export interface TeamPickOptions {
  /** Start on the header's team when the member may pick it (default true). */
  followHeader?: boolean;
  /**
   * A coach of several teams starts on none and must choose one (default: on their first team).
   * A coach of one team starts on it either way.
   */
  coachChooses?: boolean;
}

export function useTeamPick({
  followHeader = true,
  coachChooses = false,
}: TeamPickOptions = {}): TeamPick {
  const { isAdmin } = useSession();
  const { coachedTeams, severalTeams, teamId } = useTeamChoice();
  const header =
    followHeader && severalTeams && coachedTeams.some((t) => t.id === teamId) ? teamId : null;
  const coachStarts = coachChooses && coachedTeams.length !== 1 ? '' : (coachedTeams[0]?.id ?? '');
  return {
    shown: severalTeams,
    initial: header ?? (isAdmin ? '' : coachStarts),
    teams: coachedTeams,
    clubWide: isAdmin,
  };
}

export interface TeamPickerProps extends Omit<NativeSelectProps, 'data' | 'label' | 'required'> {
  pick: TeamPick;
  /** The label of the choice of no team (club admins); CLUB_WIDE unless said. */
  noTeam?: string;
  /** A team offered though the member may not pick it any more (an edited thing's own team). */
  keep?: Pick<Team, 'id' | 'name'> | null;
}

/** The picker itself; spread the form's input props for the team field onto it. */
export function TeamPicker({ pick, noTeam = CLUB_WIDE, keep, ...props }: TeamPickerProps) {
  const teams =
    keep && !pick.teams.some((t) => t.id === keep.id) ? [...pick.teams, keep] : pick.teams;
  const unchosen = !pick.clubWide && !props.value;
  return (
    <NativeSelect
      label="Team"
      required={!pick.clubWide}
      data={[
        ...(pick.clubWide ? [{ value: '', label: noTeam }] : []),
        ...(unchosen ? [{ value: '', label: CHOOSE_A_TEAM, disabled: true }] : []),
        ...teams.map((t) => ({ value: t.id, label: t.name })),
      ]}
      {...props}
    />
  );
}
