/**
 * @jest-environment jsdom
 *
 * /profile: the picture (checked in the browser first, then uploaded, shown in the header at
 * once; removed after the reference's confirmation) and the password change form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { App } from '../../app/app';
import { resetFederation } from '../../remotes/remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const base = {
  'GET /remotes.json': { body: {} },
  'GET /settings': { status: 404 },
  'GET /notifications': { body: { success: true, data: [], unreadCount: 0 } },
};
const PICTURE = '/uploads/avatars/abc-512.webp';

beforeEach(() => {
  localStorage.clear();
  resetFederation();
});

const uploadInput = () => screen.getByLabelText('Upload profile picture');

it('when a member uploads a PNG, then it is sent as multipart and the header shows it', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({
    ...base,
    'POST /upload/profile-picture': {
      body: {
        success: true,
        profilePicture: PICTURE,
        message: 'Profile picture updated successfully!',
      },
    },
  });
  renderWithProviders(<App />, { path: '/profile' });
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  expect(screen.getAllByText('Team Member').length).toBeGreaterThan(0);

  const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
  await userEvent.upload(uploadInput(), file);

  expect(await screen.findByText('Profile picture updated successfully!')).toBeInTheDocument();
  const upload = calls.find((c) => c.path === '/upload/profile-picture');
  expect((upload?.form?.get('profilePicture') as File).name).toBe('me.png');
  await waitFor(() =>
    expect(screen.getByTestId('header-avatar')).toHaveAttribute(
      'src',
      '/uploads/avatars/abc-128.webp',
    ),
  );
});

it('when the file is too big, then the documented message says so and nothing is sent', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi(base);
  renderWithProviders(<App />, { path: '/profile' });
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });

  const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
  await userEvent.upload(uploadInput(), big);

  expect(await screen.findByText('Image must be smaller than 5MB.')).toBeInTheDocument();
  expect(calls.some((c) => c.path === '/upload/profile-picture')).toBe(false);
});

it('when a member removes the picture, then it asks first and the initials come back', async () => {
  storeSession({ ...TEST_PLAYER, profile_picture: PICTURE });
  const calls = fakeApi({
    ...base,
    'DELETE /upload/profile-picture': {
      body: {
        success: true,
        profilePicture: null,
        message: 'Profile picture removed successfully!',
      },
    },
  });
  renderWithProviders(<App />, { path: '/profile' });

  await userEvent.click(await screen.findByRole('button', { name: 'Remove Picture' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Profile Picture' });
  expect(
    within(dialog).getByText('Are you sure you want to remove your profile picture?'),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

  expect(await screen.findByText('Profile picture removed successfully!')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Remove Picture' })).not.toBeInTheDocument();
});

it("when the current password is wrong, then the server's text shows", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    ...base,
    'PUT /user/change-password': {
      status: 400,
      body: { success: false, error: 'Current password is incorrect.' },
    },
  });
  renderWithProviders(<App />, { path: '/profile' });

  await userEvent.type(await screen.findByLabelText(/^Current Password/), 'wrong');
  await userEvent.type(screen.getByLabelText(/^New Password/), 'Fresh!Pass9');
  await userEvent.type(screen.getByLabelText(/Confirm New Password/), 'Fresh!Pass9');
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));

  expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
});
