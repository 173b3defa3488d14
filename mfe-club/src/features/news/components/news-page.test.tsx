/**
 * @jest-environment jsdom
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NEWS_CREATE_FAILED,
  NEWS_DELETE_CONFIRM,
  NEWS_EMPTY_ADMIN,
  NEWS_EMPTY_MEMBER,
  NEWS_LOAD_FAILED,
  type NewsPost,
} from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
} from '@teamapp/ui/test/dom';
import { IMAGE_URL_INVALID } from './news-form';
import { NewsPage } from './news-page';

const PINNED: NewsPost = {
  id: '1b2c3d4e-0000-4a4a-9a9a-000000000001',
  title: 'Season opener',
  content: 'Kick-off at three.\nBring a friend.\n\n<b>Not bold</b>',
  author_id: TEST_ADMIN.id,
  author_name: 'Casey Coach',
  created_at: '2026-03-02T15:00:00.000Z',
  updated_at: '2026-03-02T15:00:00.000Z',
  image_url: 'https://images.example.com/kickoff.jpg',
  is_pinned: true,
  teamId: null,
};
const OLDER: NewsPost = {
  ...PINNED,
  id: '1b2c3d4e-0000-4a4a-9a9a-000000000002',
  title: 'Kit day',
  content: 'Bring old boots.',
  author_id: null,
  author_name: 'Unknown Author',
  created_at: '2026-02-10T12:00:00.000Z',
  image_url: 'javascript:alert(1)',
  is_pinned: false,
};

const listOf = (posts: NewsPost[]) => ({ body: { success: true, data: posts } });

beforeEach(() => localStorage.clear());

it('when a player opens /news, then the posts show pinned first with badge, author, date, picture and line breaks, read-only', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /news': listOf([PINNED, OLDER]) });

  renderWithProviders(<NewsPage />, { path: '/news' });

  const first = await screen.findByRole('article', { name: 'Season opener' });
  expect(screen.getByRole('heading', { level: 1, name: 'Team News' })).toBeInTheDocument();
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Season opener',
    'Kit day',
  ]);
  const card = within(first);
  expect(card.getByText('Pinned')).toBeInTheDocument();
  expect(card.getByText(/By Casey Coach on/)).toHaveTextContent('March 2, 2026');
  expect(card.getByRole('img', { name: 'Image for Season opener' })).toHaveAttribute(
    'src',
    'https://images.example.com/kickoff.jpg',
  );
  const body = card.getByText(/Kick-off at three\./);
  expect(body.textContent).toBe(PINNED.content);
  expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(first.querySelector('b')).toBeNull();

  const older = within(screen.getByRole('article', { name: 'Kit day' }));
  expect(older.getByText(/By Unknown Author on/)).toHaveTextContent('February 10, 2026');
  expect(older.queryByText('Pinned')).not.toBeInTheDocument();
  expect(older.queryByRole('img')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Create Post|^Edit|^Pin|^Delete/ })).toBeNull();
});

it.each([
  ['an admin', TEST_ADMIN, NEWS_EMPTY_ADMIN],
  ['a player', TEST_PLAYER, NEWS_EMPTY_MEMBER],
])('when there is no news, then %s sees the documented empty state', async (_who, user, text) => {
  storeSession(user);
  fakeApi({ 'GET /news': listOf([]) });

  renderWithProviders(<NewsPage />, { path: '/news' });

  expect(await screen.findByText(text)).toBeInTheDocument();
});

it('when the news cannot load, then "Failed to load news posts" shows with Retry', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /news': { status: 503, body: {} } });
  renderWithProviders(<NewsPage />, { path: '/news' });

  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent(NEWS_LOAD_FAILED);

  fakeApi({ 'GET /news': listOf([OLDER]) });
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: 'Kit day' })).toBeInTheDocument();
});

it('when an admin publishes, then notify is on by default, the picture is previewed and the fields are sent trimmed', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /news': listOf([]),
    'POST /news': (call: ApiCall) => ({
      status: 201,
      body: { success: true, data: { ...PINNED, ...(call.body as object) } },
    }),
  });
  renderWithProviders(<NewsPage />, { path: '/news' });
  await screen.findByText(NEWS_EMPTY_ADMIN);

  await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  const publish = dialog.getByRole('button', { name: 'Publish' });
  expect(publish).toBeDisabled();
  expect(dialog.getByRole('checkbox', { name: /Notify everyone/ })).toBeChecked();
  await userEvent.type(dialog.getByRole('textbox', { name: /^Title/ }), '  Kit day ');
  await userEvent.type(
    dialog.getByRole('textbox', { name: /^Content/ }),
    'Line one{enter}Line two',
  );
  const image = dialog.getByRole('textbox', { name: /^Image URL/ });
  await userEvent.type(image, 'javascript:alert(1)');
  expect(dialog.getByText(IMAGE_URL_INVALID)).toBeInTheDocument();
  expect(dialog.queryByRole('img')).not.toBeInTheDocument();
  expect(publish).toBeDisabled();
  await userEvent.clear(image);
  await userEvent.type(image, ' https://images.example.com/boots.jpg ');
  expect(dialog.getByRole('img', { name: "Preview of the post's image" })).toHaveAttribute(
    'src',
    'https://images.example.com/boots.jpg',
  );

  await userEvent.click(publish);

  expect(await screen.findByText('News post published and the team notified.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    title: 'Kit day',
    content: 'Line one\nLine two',
    imageUrl: 'https://images.example.com/boots.jpg',
    isPinned: false,
    notify: true,
  });
});

it('when an admin unticks "Notify everyone", then notify false is sent; a failure says "Failed to create news post"', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /news': listOf([]),
    'POST /news': { status: 500, body: {} },
  });
  renderWithProviders(<NewsPage />, { path: '/news' });
  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Quiet');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Content/ }), 'Shh');
  await userEvent.click(dialog.getByRole('checkbox', { name: /Notify everyone/ }));

  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  expect(await dialog.findByText(NEWS_CREATE_FAILED)).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ notify: false });
});

it('when an admin edits a post, then the dialog is filled and the fields are sent with PUT', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /news': listOf([PINNED]),
    [`PUT /news/${PINNED.id}`]: { body: { success: true, data: { ...PINNED, title: 'Moved' } } },
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Edit Season opener' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit News Post' }));
  expect(dialog.queryByRole('checkbox', { name: /Notify everyone/ })).not.toBeInTheDocument();
  expect(dialog.getByRole('checkbox', { name: 'Pin this post' })).toBeChecked();
  const title = dialog.getByRole('textbox', { name: /^Title/ });
  await userEvent.clear(title);
  await userEvent.type(title, 'Moved');
  await userEvent.clear(dialog.getByRole('textbox', { name: /^Image URL/ }));
  await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText('News post updated.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    title: 'Moved',
    content: PINNED.content,
    imageUrl: '',
    isPinned: true,
  });
});

it('when an admin pins and unpins, then only isPinned is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /news': listOf([PINNED, OLDER]),
    [`PUT /news/${OLDER.id}`]: { body: { success: true, data: { ...OLDER, is_pinned: true } } },
    [`PUT /news/${PINNED.id}`]: { body: { success: true, data: { ...PINNED, is_pinned: false } } },
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Pin Kit day' }));
  expect(await screen.findByText('"Kit day" pinned.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Unpin Season opener' }));
  expect(await screen.findByText('"Season opener" unpinned.')).toBeInTheDocument();

  expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
    [`/news/${OLDER.id}`, { isPinned: true }],
    [`/news/${PINNED.id}`, { isPinned: false }],
  ]);
});

it("when an admin deletes a post, then the reference's confirmation comes first and Cancel keeps it", async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /news': listOf([OLDER]),
    [`DELETE /news/${OLDER.id}`]: { body: { success: true } },
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Delete Kit day' }));
  let dialog = within(await screen.findByRole('dialog', { name: 'Delete News Post' }));
  expect(dialog.getByText(NEWS_DELETE_CONFIRM)).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Delete Kit day' }));
  dialog = within(await screen.findByRole('dialog', { name: 'Delete News Post' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('News post deleted.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
    `/news/${OLDER.id}`,
  ]);
});
