/**
 * @jest-environment jsdom
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_SHOWCASE_EDITABLE, SHOWCASE_FORBIDDEN, SHOWCASE_SAVED } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { ShowcaseEditor } from './showcase-editor';

const stored = {
  hero: { title: 'Riverside FC', subtitle: 'Since 1921', stats: [] },
  navigation: EMPTY_SHOWCASE_EDITABLE.navigation,
  featured: {
    main: {
      title: 'Season tickets',
      subtitle: '',
      category: 'Club',
      image: '',
      action: { type: 'modal', title: 'Tickets', content: '<p>On sale</p>', image: '', url: '' },
    },
    side: [],
  },
  teamStats: { mens: { title: "Men's Team", record: '0-0-0', position: '', goalDifference: '0' } },
  news: [],
  fixtures: [],
  players: [],
  videos: EMPTY_SHOWCASE_EDITABLE.videos,
  partners: [],
  joinEmail: 'join@riverside.example',
  leaguePosition: '',
  live: true,
};

beforeEach(() => {
  localStorage.clear();
  storeSession(TEST_ADMIN);
});

it('when an admin edits the showcase and saves, then the whole edited part is sent and the success message shows', async () => {
  const calls = fakeApi({
    'GET /showcase': { body: { success: true, data: stored } },
    'PUT /showcase': { body: { success: true, data: stored } },
  });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  const subtitle = await screen.findByLabelText(/Hero subtitle/);
  expect(subtitle).toHaveValue('Since 1921');
  await user.clear(subtitle);
  await user.type(subtitle, 'Community football');
  await user.type(screen.getByLabelText(/League position/), '3rd');
  await user.click(screen.getByRole('switch', { name: 'Tickets enabled' }));
  await user.type(screen.getByLabelText('Tickets link'), 'https://tickets.example');
  await user.click(screen.getByRole('button', { name: 'Add partner' }));
  await user.type(
    within(screen.getByRole('group', { name: 'Partner 1' })).getByLabelText(/Name/),
    'Harbour Bank',
  );
  await user.click(screen.getByRole('button', { name: 'Save Showcase' }));

  expect(await screen.findByText(SHOWCASE_SAVED)).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.body).toMatchObject({
    subtitle: 'Community football',
    leaguePosition: '3rd',
    joinEmail: 'join@riverside.example',
    navigation: {
      tickets: { enabled: true, action: { type: 'link', url: 'https://tickets.example' } },
    },
    featured: {
      main: {
        title: 'Season tickets',
        action: { type: 'modal', title: 'Tickets', content: '<p>On sale</p>' },
      },
      side: [],
    },
    partners: [{ name: 'Harbour Bank', action: null }],
  });
});

it('when an entry is removed, then the next one takes its place and only the rest is sent', async () => {
  const calls = fakeApi({
    'GET /showcase': { body: { success: true, data: stored } },
    'PUT /showcase': { body: { success: true, data: stored } },
  });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Add video' }));
  await user.click(screen.getByRole('button', { name: 'Add video' }));
  const second = within(screen.getByRole('group', { name: 'Video 2' }));
  await user.type(second.getByLabelText(/^Title/), 'Cup final');
  await user.click(second.getByRole('radio', { name: 'Nothing' }));
  await user.click(screen.getByRole('button', { name: 'Remove Video 1 (main)' }));

  expect(screen.queryByRole('group', { name: 'Video 2' })).not.toBeInTheDocument();
  expect(
    within(screen.getByRole('group', { name: 'Video 1 (main)' })).getByLabelText(/^Title/),
  ).toHaveValue('Cup final');
  await user.click(screen.getByRole('button', { name: 'Save Showcase' }));
  await screen.findByText(SHOWCASE_SAVED);
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
    videos: { featured: { title: 'Cup final', action: null }, sidebar: [] },
  });
});

it('when a link is not http, https or mailto, then the editor says so and sends nothing', async () => {
  const calls = fakeApi({ 'GET /showcase': { body: { success: true, data: stored } } });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('switch', { name: 'Shop enabled' }));
  await user.type(screen.getByLabelText('Shop link'), 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Save Showcase' }));

  expect(
    await screen.findByText('Links must start with http://, https:// or mailto:.'),
  ).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

it("when fields are at fault, then each says so under it in the editor's words, the first takes focus, and nothing is sent", async () => {
  const calls = fakeApi({ 'GET /showcase': { body: { success: true, data: stored } } });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Add partner' }));
  await user.click(screen.getByRole('switch', { name: 'Tickets enabled' }));
  const join = screen.getByLabelText('Join address');
  await user.clear(join);
  await user.type(join, 'not-an-address');
  const main = within(screen.getByRole('group', { name: 'Featured item 1 (main)' }));
  await user.clear(main.getByLabelText(/^Title/));
  await user.click(screen.getByRole('button', { name: 'Save Showcase' }));

  // The first field at fault on the page takes focus.
  expect(join).toHaveFocus();
  expect(join).toHaveAccessibleDescription(/joinEmail must be an email address/);
  expect(screen.getByLabelText('Tickets link')).toHaveAccessibleDescription(
    'Enter the Tickets link, or turn Tickets off.',
  );
  expect(main.getByLabelText(/^Title/)).toHaveAccessibleDescription(
    'Give featured item 1 a title.',
  );
  expect(
    within(screen.getByRole('group', { name: 'Partner 1' })).getByLabelText(/^Name/),
  ).toHaveAccessibleDescription('Give partner 1 a name.');
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

it('when the server refuses the save, then its message shows', async () => {
  fakeApi({
    'GET /showcase': { body: { success: true, data: stored } },
    'PUT /showcase': { status: 403, body: { success: false, error: SHOWCASE_FORBIDDEN } },
  });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Save Showcase' }));

  expect(await screen.findByText(SHOWCASE_FORBIDDEN)).toBeInTheDocument();
});

it('when the showcase cannot be loaded, then the failure is shown with Retry', async () => {
  fakeApi({
    'GET /showcase': {
      status: 500,
      body: { success: false, error: 'Server error. Please try again later.' },
    },
  });

  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });

  expect(
    await screen.findByText(
      'Failed to load showcase data: Server error. Please try again later.',
      {},
      { timeout: 5000 },
    ),
  ).toBeInTheDocument();
});

it("when the public page has a tab per team, then each team's league position is edited and sent by team id", async () => {
  const teams = [
    { name: 'Blue Jays', id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a', position: '5th' },
    { name: 'Red Hawks', id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f', position: '' },
  ].map((t) => ({
    ...t,
    colour: '#1864ab',
    record: '0-0-0',
    goalDifference: '0',
    fixtures: [],
    players: [],
  }));
  const calls = fakeApi({
    'GET /showcase': { body: { success: true, data: { ...stored, teams } } },
    'PUT /showcase': { body: { success: true, data: { ...stored, teams } } },
  });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  const blue = await screen.findByRole('textbox', { name: /^Blue Jays league position/ });
  expect(blue).toHaveValue('5th');
  await user.type(screen.getByRole('textbox', { name: /^Red Hawks league position/ }), '2nd');
  await user.click(screen.getByRole('button', { name: 'Save Showcase' }));

  expect(await screen.findByText(SHOWCASE_SAVED)).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
    teamPositions: { [teams[0]!.id]: '5th', [teams[1]!.id]: '2nd' },
  });
});

it('when the public page has no team tabs, then no team position is sent and the stored ones stay', async () => {
  const calls = fakeApi({
    'GET /showcase': { body: { success: true, data: stored } },
    'PUT /showcase': { body: { success: true, data: stored } },
  });
  renderWithProviders(<ShowcaseEditor />, { path: '/settings' });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Save Showcase' }));

  expect(await screen.findByText(SHOWCASE_SAVED)).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'League position per team' })).not.toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('teamPositions');
});
