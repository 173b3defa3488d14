/**
 * @jest-environment jsdom
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@teamapp/contracts';
import { useApi } from '@teamapp/ui';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { UsersPage } from './users-page';

const ALL: User[] = [
  TEST_ADMIN,
  { ...TEST_PLAYER, position: 'Winger', created_at: '2026-03-02T09:00:00.000Z' },
];

beforeEach(() => localStorage.clear());

it('when an admin opens /users, then every user shows with role and joined date, and search filters', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /user/all': { body: { success: true, data: ALL } } });

  renderWithProviders(<UsersPage />, { path: '/users' });

  expect(await screen.findByText('Jordan Winger')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Management');
  expect(screen.getByText('Administrator')).toBeInTheDocument();
  expect(screen.getByText('Joined Mar 2, 2026')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Search users'), 'coach');

  expect(screen.queryByText('Jordan Winger')).not.toBeInTheDocument();
  expect(screen.getByText('Casey Coach')).toBeInTheDocument();
});

it('when a player opens /users, then the directory shows read-only, without admin controls', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /user/all': { body: { success: true, data: ALL } } });

  renderWithProviders(<UsersPage />, { path: '/users' });

  expect(await screen.findByText('Casey Coach')).toBeInTheDocument();
  expect(screen.getByText('Administrator')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Email Casey Coach' })).toBeInTheDocument();
});

it('when the list cannot load, then "Failed to load users" shows with Retry', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /user/all': { status: 500, body: { error: 'Server error.' } } });

  renderWithProviders(<UsersPage />, { path: '/users' });

  const text = await screen.findByText('Failed to load users', {}, { timeout: 5000 });
  const alert = text.closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  expect(within(alert!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

/** Reads ['users','all'] the way the shell's dashboard does: the endpoint's data as is. */
function DashboardReader() {
  const api = useApi();
  const query = useQuery({ queryKey: ['users', 'all'], queryFn: () => api.users.all() });
  const first = query.data?.[0];
  return <p data-testid="dashboard">{first ? `${first.name} active=${first.is_active}` : ''}</p>;
}

it('when the dashboard and /users share the users query, then both read the same shape', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({ 'GET /user/all': { body: { success: true, data: ALL } } });

  renderWithProviders(
    <>
      <DashboardReader />
      <UsersPage />
    </>,
  );

  expect(await screen.findByText('Jordan Winger')).toBeInTheDocument();
  expect(screen.getByTestId('dashboard')).toHaveTextContent('Casey Coach active=true');
  expect(calls.filter((c) => c.path === '/user/all')).toHaveLength(1);
});
