/**
 * @jest-environment jsdom
 *
 * The forms' team picker (docs/reference.md "Teams"): hidden with one team; a club admin may pick
 * no team (Club-wide, or the form's own words) or any team, a coach one of the teams they coach;
 * where it starts (the header's team, a coach's first or only team, or "Choose a team" when the
 * form has a coach choose); a team kept on offer for the thing being edited.
 */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '../../test/dom';
import { chooseTeam, fakeTeam, teamsRoute } from '../../test/teams';
import { useTeamChoice } from './team-choice';
import {
  CHOOSE_A_TEAM,
  CLUB_WIDE,
  TeamPicker,
  useTeamPick,
  type TeamPickOptions,
} from './team-picker';

const FIRSTS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000001', 'Firsts', 'coach');
const U12 = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000002', 'Under 12s', 'coach');
const VETS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000003', 'Veterans', 'player');
const OLD = { id: '0a0a0a0a-0000-4a4a-9a9a-000000000009', name: 'Old Boys' };

/** A form with the picker, as the event, news, room and invitation forms hold it. */
function Form({
  options,
  noTeam,
  keep,
}: {
  options?: TeamPickOptions;
  noTeam?: string;
  keep?: typeof OLD;
}) {
  const { loading } = useTeamChoice();
  const pick = useTeamPick(options);
  // The form's values are made once the teams are in, as the shell has read them before a page.
  return loading ? null : <Picked pick={pick} noTeam={noTeam} keep={keep} />;
}

function Picked({
  pick,
  ...props
}: {
  pick: ReturnType<typeof useTeamPick>;
  noTeam?: string;
  keep?: typeof OLD;
}) {
  const [team, setTeam] = useState(pick.initial);
  return (
    <form aria-label="Thing">
      {pick.shown ? (
        <TeamPicker
          pick={pick}
          value={team}
          onChange={(e) => setTeam(e.currentTarget.value)}
          {...props}
        />
      ) : (
        <p>No picker</p>
      )}
      <output aria-label="Picked">{team || 'none'}</output>
    </form>
  );
}

function show(user: typeof TEST_ADMIN, teams: Team[], form: Parameters<typeof Form>[0] = {}) {
  storeSession(user);
  fakeApi(teamsRoute(teams));
  renderWithProviders(<Form {...form} />);
}

const options = (picker: HTMLElement) =>
  within(picker)
    .getAllByRole('option')
    .map((o) => o.textContent);
const picked = () => screen.getByRole('status', { name: 'Picked' });

beforeEach(() => localStorage.clear());

it('when a club admin picks, then no team (Club-wide) comes first, then every team, and Club-wide is where it starts', async () => {
  show(
    TEST_ADMIN,
    [FIRSTS, U12, VETS].map((t) => ({ ...t, myRole: null })),
  );

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(options(picker)).toEqual([CLUB_WIDE, 'Firsts', 'Under 12s', 'Veterans']);
  expect(picker).not.toBeRequired();
  expect(picker).toHaveDisplayValue(CLUB_WIDE);
  await userEvent.selectOptions(picker, 'Under 12s');
  expect(picked()).toHaveTextContent(U12.id);
});

it('when the form names the choice of no team, then the admin reads its words', async () => {
  show(TEST_ADMIN, [FIRSTS, U12], { noTeam: 'No team' });

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(options(picker)).toEqual(['No team', 'Firsts', 'Under 12s']);
});

it('when a coach picks, then only the teams they coach are offered, the header team first, and the choice is required', async () => {
  chooseTeam(TEST_PLAYER.id, U12.id);
  show(TEST_PLAYER, [FIRSTS, U12, VETS]);

  const picker = await screen.findByRole('combobox', { name: /^Team/ });
  expect(options(picker)).toEqual(['Firsts', 'Under 12s']);
  expect(picker).toBeRequired();
  expect(picker).toHaveDisplayValue('Under 12s');
});

it.each([
  ['starts on their first team', {}, 'Firsts', ['Firsts', 'Under 12s']],
  ['must choose', { coachChooses: true }, CHOOSE_A_TEAM, [CHOOSE_A_TEAM, 'Firsts', 'Under 12s']],
])(
  'when a coach of two teams with none chosen in the header %s, then the picker says so',
  async (_case, opts, shown, offered) => {
    show(TEST_PLAYER, [FIRSTS, U12, VETS], { options: opts });

    const picker = await screen.findByRole('combobox', { name: /^Team/ });
    expect(picker).toHaveDisplayValue(shown);
    expect(options(picker)).toEqual(offered);
    if (shown === CHOOSE_A_TEAM) {
      expect(within(picker).getByRole('option', { name: CHOOSE_A_TEAM })).toBeDisabled();
      await userEvent.selectOptions(picker, 'Under 12s');
      // Once a team is chosen the placeholder is gone.
      expect(options(picker)).toEqual(['Firsts', 'Under 12s']);
    }
  },
);

it('when a coach of one team must choose, then the picker starts on it', async () => {
  show(TEST_PLAYER, [FIRSTS, { ...U12, myRole: 'player' }], { options: { coachChooses: true } });

  const picker = await screen.findByRole('combobox', { name: /^Team/ });
  expect(picker).toHaveDisplayValue('Firsts');
});

it("when the form does not follow the header, then a club admin starts on no team whatever the header's team", async () => {
  chooseTeam(TEST_ADMIN.id, U12.id);
  show(TEST_ADMIN, [FIRSTS, U12], { options: { followHeader: false }, noTeam: 'No team' });

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(picker).toHaveDisplayValue('No team');
});

it('when the thing edited is in a team the member may not pick any more, then that team stays offered', async () => {
  show(TEST_PLAYER, [FIRSTS, U12], { keep: OLD });

  const picker = await screen.findByRole('combobox', { name: /^Team/ });
  expect(options(picker)).toEqual(['Firsts', 'Under 12s', 'Old Boys']);
});

it('when the club has one team, then there is no picker and a coach starts on their team', async () => {
  show(TEST_PLAYER, [FIRSTS]);

  expect(await screen.findByText('No picker')).toBeInTheDocument();
  await waitFor(() => expect(picked()).toHaveTextContent(FIRSTS.id));
  expect(screen.queryByRole('combobox')).toBeNull();
});
