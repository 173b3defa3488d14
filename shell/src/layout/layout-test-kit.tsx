/**
 * The signed-in layout for component tests (header, team picker, sidebar): `showLayout` renders it
 * at /dashboard for a member with the teams GET /teams answers; `quietLiveSocket` stands in for
 * the live channel the header's bell opens, which nothing answers here.
 */
import { fakeApi, renderWithProviders, storeSession, type ApiCall } from '@teamapp/ui/test/dom';
import { waitFor, within } from '@testing-library/react';
import type { Team, User } from '@teamapp/contracts';
import { Route, Routes } from 'react-router';
import { federationOf, resetFederation } from '../remotes/remote-registry';
import { AppLayout } from './app-layout';

export function quietLiveSocket() {
  Object.assign(window, {
    WebSocket: class {
      readyState = 0;
      send() {}
      close() {}
    },
  });
}

/** Renders the layout for `user`, with any further `routes` answered; returns the API calls. */
export function showLayout(
  user: User,
  teams: Team[],
  routes: Parameters<typeof fakeApi>[0] = {},
): ApiCall[] {
  storeSession(user);
  const calls = fakeApi({ 'GET /teams': { body: { teams } }, ...routes });
  renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Route>
    </Routes>,
    { path: '/dashboard' },
  );
  return calls;
}

/** Waits until the layout has read the teams, so something absent is really absent. */
export const teamsRead = (calls: ApiCall[]) =>
  waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));

/** The schedule remote deployed with these routes and menu entries (as its routes.json says). */
export function withScheduleRemote(
  manifest: Parameters<typeof federationOf>[0][number]['manifest'],
): void {
  resetFederation(
    federationOf([{ name: 'mfe_schedule', entry: '/mfe/schedule/remoteEntry.js', manifest }]),
  );
}

/** The sidebar's entries (collapsed by default, so hidden from the accessibility tree). */
export const menu = () =>
  within(document.getElementById('main-navigation')!)
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);
