/**
 * @jest-environment jsdom
 *
 * The header's team picker (docs/reference.md "Teams"): shown to a member in several teams and
 * to a club admin when the club has several, "All my teams" first; hidden with one team; on a
 * phone at the top of the sidebar; the choice is remembered for the member on this device.
 */
// First: the browser globals the router reads on import.
import { TEST_ADMIN, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { quietLiveSocket, showLayout, teamsRead } from './layout-test-kit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_MY_TEAMS, type Team } from '@teamapp/contracts';

const team = (id: string, name: string, myRole: Team['myRole']): Team => ({
  id,
  name,
  colour: '#1864ab',
  public: false,
  archived: false,
  memberCount: 3,
  coaches: [],
  myRole,
});
const U12 = team('0b7d1f2e-1111-4c3d-8e9f-0a1b2c3d4e5f', 'Under 12s', 'player');
const U14 = team('0b7d1f2e-2222-4c3d-8e9f-0a1b2c3d4e5f', 'Under 14s', 'coach');
const SENIORS = team('0b7d1f2e-3333-4c3d-8e9f-0a1b2c3d4e5f', 'Seniors', null);

const realMatchMedia = window.matchMedia;
beforeEach(() => {
  localStorage.clear();
  window.matchMedia = realMatchMedia;
  quietLiveSocket();
});

it('when a member is in several teams, then the header offers All my teams and each of their teams, and remembers the choice', async () => {
  showLayout(TEST_PLAYER, [U12, U14, SENIORS]);

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([ALL_MY_TEAMS, 'Under 12s', 'Under 14s']);
  expect(picker).toHaveValue('');
  expect(picker.closest('header')).not.toBeNull();

  await userEvent.selectOptions(picker, 'Under 14s');

  expect(picker).toHaveValue(U14.id);
  expect(localStorage.getItem(`teamapp.team-choice.${TEST_PLAYER.id}`)).toBe(U14.id);
});

it('when a member is in one team of several, then no picker shows', async () => {
  const calls = showLayout(TEST_PLAYER, [U12, { ...U14, myRole: null }, SENIORS]);
  await teamsRead(calls);
  await screen.findByRole('heading', { name: 'Dashboard' });

  expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
});

it('when a club admin is in no team and the club has several, then the picker offers every team', async () => {
  showLayout(TEST_ADMIN, [
    { ...U12, myRole: null },
    { ...U14, myRole: null },
  ]);

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([ALL_MY_TEAMS, 'Under 12s', 'Under 14s']);
});

it('when the club has one team, then no picker shows, to a club admin either', async () => {
  const calls = showLayout(TEST_ADMIN, [{ ...U12, myRole: 'coach' }]);
  await teamsRead(calls);
  await screen.findByRole('heading', { name: 'Dashboard' });

  expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
});

it('when the screen is phone-sized, then the picker sits, labelled, at the top of the sidebar', async () => {
  window.matchMedia = (query: string) =>
    ({
      ...realMatchMedia(query),
      // 375 px wide: below both the sidebar's and the header's breakpoints.
      matches: query.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as MediaQueryList;
  showLayout(TEST_PLAYER, [U12, U14]);

  await screen.findByRole('heading', { name: 'Dashboard' });
  await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(picker.closest('nav')).toHaveAttribute('aria-label', 'Main navigation');
  expect(screen.getAllByRole('combobox', { name: 'Team' })).toHaveLength(1);
});

it("when a guardian's child plays in a team they are not in, then the header offers the child's team too", async () => {
  const child = '0b7d1f2e-4444-4c3d-8e9f-0a1b2c3d4e5f';
  const guardian = { ...TEST_PLAYER, children: [child] };
  const family = {
    success: true,
    timeZone: 'UTC',
    data: {
      children: [
        {
          id: child,
          name: 'Robin Young',
          teams: [{ id: SENIORS.id, name: SENIORS.name, colour: SENIORS.colour }],
          events: [],
        },
      ],
    },
  };
  showLayout(guardian, [U12, SENIORS], { 'GET /family': { body: family } });

  const picker = await screen.findByRole('combobox', { name: 'Team' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([ALL_MY_TEAMS, 'Under 12s', 'Seniors']);
});
