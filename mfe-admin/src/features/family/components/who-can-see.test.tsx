/**
 * @jest-environment jsdom
 *
 * "Who can see what" on a young player's card (docs/reference.md "Families"): club admins read,
 * for this child, who gets the date of birth and contact details (guardians, the coaches of the
 * child's teams, club admins), that guardians read the child's rooms without writing, and how
 * the public showcase shows them; a team's coach opening the card does not get it.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Guardian, ShowcaseMinors, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  type Reply,
} from '@teamapp/ui/test/dom';
import TeamsWithInvitations from '../../../exposed/teams-page';
import { PAT, ROBIN } from '../family-test-kit';
import { clubRoutes, RILEY, U12_ID } from '../../teams/teams-test-kit';
import { UsersPage } from '../../users/components/users-page';
import { whoCanSee } from './who-can-see';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => localStorage.clear());

/** The club with Robin playing in the Under 12s (which Riley coaches). */
function clubWithRobin(viewer: User, guardians: Guardian[], showcaseMinors: ShowcaseMinors) {
  const club = clubRoutes(viewer);
  const u12 = club[`GET /teams/${U12_ID}/members`]!.body as { members: object[] };
  const routes: Record<string, Reply> = {
    ...club,
    [`GET /teams/${U12_ID}/members`]: {
      body: {
        ...u12,
        members: [
          ...u12.members,
          { userId: ROBIN.id, name: ROBIN.name, profilePicture: null, role: 'player' },
        ],
      },
    },
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, RILEY, ROBIN] } },
    [`GET /user/${ROBIN.id}/guardians`]: { body: { success: true, data: guardians } },
    'GET /settings': {
      body: {
        success: true,
        data: {
          appTitle: 'TeamApp',
          headerColor: '#2563eb',
          logoBackground: 'transparent',
          logoUrl: null,
          updatedAt: '2026-01-01T00:00:00.000Z',
          showcaseMinors,
        },
      },
    },
  };
  return routes;
}

async function openCard() {
  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  return screen.findByRole('dialog', { name: 'Robin Young' });
}

it('when a club admin opens a young player\'s card, then "Who can see what" names the guardians, the team\'s coaches and the club admins, and the showcase setting', async () => {
  storeSession(TEST_ADMIN);
  fakeApi(clubWithRobin(TEST_ADMIN, [{ ...PAT, invitation_status: 'accepted' }], 'initial'));
  renderWithProviders(<UsersPage />, { path: '/users' });

  const card = within(await openCard());
  expect(card.getByRole('heading', { level: 2, name: 'Who can see what' })).toBeInTheDocument();
  const items = within(await card.findByRole('list', { name: 'Who can see what' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual([
    'Date of birth and contact details: guardians (Pat Young), coaches of Under 12s (Riley Coach), and club admins (Casey Coach).',
    'Messages: guardians can read the rooms this player is in and their direct conversations (read only).',
    'Public showcase: first name and initial.',
  ]);
});

it('when the young player has no guardian and the club hides young players, then the card says nobody else reads their rooms and they are not shown', async () => {
  storeSession(TEST_ADMIN);
  fakeApi(clubWithRobin(TEST_ADMIN, [], 'hidden'));
  renderWithProviders(<UsersPage />, { path: '/users' });

  const card = within(await openCard());
  const list = within(await card.findByRole('list', { name: 'Who can see what' }));
  expect(
    list.getByText(/coaches of Under 12s \(Riley Coach\) and club admins \(Casey Coach\)\.$/),
  ).toBeInTheDocument();
  expect(list.queryByText(/guardians \(/)).not.toBeInTheDocument();
  expect(list.getByText('only the members of each room; no guardian yet.')).toBeInTheDocument();
  expect(list.getByText('not shown.')).toBeInTheDocument();
});

it('when a team\'s coach opens the young player\'s card, then "Who can see what" is not there', async () => {
  storeSession(RILEY);
  fakeApi(clubWithRobin(RILEY, [PAT], 'initial'));
  renderWithProviders(<TeamsWithInvitations />, { path: `/teams?team=${U12_ID}` });

  const row = (await screen.findByText('Robin Young')).closest('li')!;
  await userEvent.click(
    await within(row).findByRole('button', { name: 'Guardians of Robin Young' }),
  );
  const card = within(await screen.findByRole('dialog', { name: 'Robin Young' }));
  expect(await card.findByText('Pat Young')).toBeInTheDocument();
  expect(card.queryByRole('heading', { name: 'Who can see what' })).not.toBeInTheDocument();
});

it('when the player has a login of their own, is of age, or the club has one team, then the lines say so', () => {
  const base = {
    childName: 'Robin Young',
    guardians: [PAT],
    teams: [{ id: U12_ID, name: 'Under 12s', coaches: [] }],
    severalTeams: true,
    admins: ['Casey Coach', 'Alex Admin'],
    showcaseMinors: 'initial' as const,
  };

  expect(whoCanSee({ ...base, hasLogin: true, minor: true })[0]).toEqual({
    label: 'Date of birth and contact details',
    text: 'Robin Young themselves, guardians (Pat Young), and club admins (Casey Coach and Alex Admin).',
  });
  expect(
    whoCanSee({
      ...base,
      teams: [{ id: U12_ID, name: 'Under 12s', coaches: ['Riley Coach'] }],
      severalTeams: false,
      hasLogin: false,
      minor: true,
    })[0]!.text,
  ).toBe(
    'guardians (Pat Young), coaches (Riley Coach), and club admins (Casey Coach and Alex Admin).',
  );
  expect(whoCanSee({ ...base, hasLogin: false, minor: false })).toEqual([
    { label: 'Date of birth', text: 'club admins (Casey Coach and Alex Admin).' },
    { label: 'Messages', text: 'only the members of each room; guardians no longer read them.' },
    { label: 'Public showcase', text: 'as any adult member.' },
  ]);
});
