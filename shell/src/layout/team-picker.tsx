/**
 * The header's team picker (docs/reference.md "Teams"): "All my teams" or one team, which the
 * schedule, roster, chat and dashboard follow (useTeamChoice). Shown to a member in several
 * teams, and to a club admin when the club has several; with one team nothing shows. A native
 * select: the phone's own picker and the browser's keyboard handling.
 */
import { NativeSelect } from '@mantine/core';
import { ALL_MY_TEAMS } from '@teamapp/contracts';
import { useSession, useTeamChoice } from '@teamapp/ui';

export function TeamPicker({ inHeader }: { inHeader: boolean }) {
  const { isAdmin } = useSession();
  const { teams, myTeams, teamId, choose } = useTeamChoice();
  const choices = isAdmin ? teams : myTeams;
  if (choices.length < 2) return null;
  return (
    <NativeSelect
      // In the header there is no room for a visible label; the choices say what they are.
      label={inHeader ? undefined : 'Team'}
      aria-label={inHeader ? 'Team' : undefined}
      value={teamId ?? ''}
      onChange={(e) => choose(e.currentTarget.value || null)}
      data={[
        { value: '', label: ALL_MY_TEAMS },
        ...choices.map((team) => ({ value: team.id, label: team.name })),
      ]}
      size={inHeader ? 'xs' : 'sm'}
      w={inHeader ? { base: 140, md: 200 } : undefined}
      // The focus ring drawn outside the field, in the header's text colour (see AppLayout).
      classNames={{ input: 'mantine-focus-auto' }}
      data-testid="team-picker"
    />
  );
}
