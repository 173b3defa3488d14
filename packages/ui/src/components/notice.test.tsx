/**
 * @jest-environment jsdom
 *
 * The confirmation and the outcome notices AppProviders mounts (docs/reference.md §4): the
 * confirmation names itself by its title, takes the focus on its confirm button and cancels on
 * Escape; a page's notices say a success politely and a failure at once, one at a time.
 */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders } from '../../test/dom';
import { ConfirmDialog } from './confirm-dialog';
import { useNotice } from './notice';

function Confirming({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Remove</button>
      <ConfirmDialog
        opened={opened}
        title="Remove Logo"
        message="Are you sure you want to remove the logo?"
        confirmLabel="Remove logo"
        onCancel={() => {
          onCancel();
          setOpened(false);
        }}
        onConfirm={() => {
          onConfirm();
          setOpened(false);
        }}
      />
    </>
  );
}

function Noticing() {
  const notice = useNotice();
  return (
    <>
      <button onClick={() => notice({ kind: 'success', text: 'Saved.' })}>Save</button>
      <button onClick={() => notice({ kind: 'error', text: 'Failed to save.' })}>Fail</button>
    </>
  );
}

beforeEach(() => {
  fakeApi({});
});

/** Renders the page with its confirmation and opens it. */
async function openConfirmation() {
  const actions = { onConfirm: jest.fn(), onCancel: jest.fn() };
  const user = userEvent.setup();
  renderWithProviders(<Confirming {...actions} />);
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  return { ...actions, user };
}

it('when a confirmation opens, then it is named by its title, its confirm button has the focus, and Escape cancels it once and gives the focus back', async () => {
  const { onConfirm, onCancel, user } = await openConfirmation();
  const dialog = await screen.findByRole('dialog', { name: 'Remove Logo' });
  expect(dialog).toHaveTextContent('Are you sure you want to remove the logo?');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove logo' })).toHaveFocus());
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus());
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(onConfirm).not.toHaveBeenCalled();
});

it('when the confirm button is pressed, then the action runs once and the dialog closes', async () => {
  const { onConfirm, onCancel, user } = await openConfirmation();
  await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(onCancel).not.toHaveBeenCalled();
});

it('when a page says a success twice and then a failure, then one notice at a time says it, the failure as an alert with a Dismiss button', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Noticing />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getAllByText('Saved.')).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Fail' }));
  const failure = await screen.findByText('Failed to save.');
  const alert = failure.closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  expect(within(alert!).getByRole('button', { name: 'Dismiss message' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Saved.')).not.toBeInTheDocument());
});
