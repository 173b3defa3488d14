/**
 * @jest-environment jsdom
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, storeSession, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { OperationsSection } from './components/operations-section';

beforeEach(() => localStorage.clear());

it('when an admin opens the queues, then a ticket is asked for with their token and the board address is opened', async () => {
  storeSession(TEST_ADMIN);
  const url = `/admin/queues/session?ticket=${'t'.repeat(43)}`;
  const calls = fakeApi({
    'POST /settings/queues-ticket': { body: { success: true, data: { url } } },
  });
  const navigate = jest.fn();
  renderWithProviders(<OperationsSection onProblem={() => {}} navigate={navigate} />, {
    path: '/settings',
  });

  await userEvent.click(screen.getByRole('button', { name: 'Queues' }));

  await waitFor(() => expect(navigate).toHaveBeenCalledWith(url));
  expect(calls.find((c) => c.method === 'POST')?.headers.Authorization).toBe('Bearer test-token');
  expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs/');
});

it('when the ticket is refused, then the problem is reported and nothing is opened', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({
    'POST /settings/queues-ticket': {
      status: 403,
      body: { success: false, error: 'Access denied.' },
    },
  });
  const navigate = jest.fn();
  const onProblem = jest.fn();
  renderWithProviders(<OperationsSection onProblem={onProblem} navigate={navigate} />, {
    path: '/settings',
  });

  await userEvent.click(screen.getByRole('button', { name: 'Queues' }));

  await waitFor(() =>
    expect(onProblem).toHaveBeenCalledWith('Failed to open the queues. Please try again.'),
  );
  expect(navigate).not.toHaveBeenCalled();
});
