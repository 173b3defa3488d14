/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { ClubPage } from './club-page';

it('when a member opens the page, then its heading and a greeting show', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({});

  renderWithProviders(<ClubPage />, { path: '/club' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Club' })).toBeInTheDocument();
  expect(screen.getByText(/Hello Jordan Winger/)).toBeInTheDocument();
});
