/**
 * The signed-in layout for component tests (header, team picker, sidebar): `showLayout` renders it
 * at /dashboard for a member with the teams GET /teams answers; `quietLiveSocket` stands in for
 * the live channel the header's bell opens, which nothing answers here.
 */
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  type ApiCall,
  type Reply,
} from '@teamapp/ui/test/dom';
import { waitFor } from '@testing-library/react';
import type { Team, User } from '@teamapp/contracts';
import { Route, Routes } from 'react-router';
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
  routes: Record<string, Reply> = {},
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
