/**
 * Component tests in jsdom (files with the `@jest-environment jsdom` docblock): the browser bits
 * Mantine needs that jsdom lacks, a fake API at the network boundary (`fetch`), and a render
 * helper with the real providers (Mantine, TanStack Query, session, branding) and a router.
 */
import './dom-globals';
import '@testing-library/jest-dom';
import { act, configure, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS, type User } from '@teamapp/contracts';
import { AppProviders, takeWorkerMessage } from '../src';

// A `findBy` waits for something that will appear (a lazy route's code, a fetched answer) and
// returns as soon as it does; testing-library's 1 s default is shorter than a lazy page takes on
// a busy two-core machine (the first sign-in's dashboard once took longer under load).
configure({ asyncUtilTimeout: 5000 });

/** What the fake API answers: a status and a JSON body. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (call: ApiCall) => Reply | Promise<Reply>;

export interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** A multipart body (an upload) as sent. */
  form?: FormData;
}

/** The smallest Response the app reads: ok, status, text() and json(). */
function jsonResponse(reply: Reply) {
  const status = reply.status ?? 200;
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text]),
    headers: new Headers(reply.headers ?? {}),
  };
}

/**
 * Replaces `fetch` with a fake API: `routes` maps "METHOD /path" (path without /api, query
 * included) to a reply or a handler. Anything else answers 404. Returns the calls made.
 */
export function fakeApi(routes: Record<string, Reply | Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return jsonResponse({ status: 404, body: { error: 'Resource not found.' } });
    return jsonResponse(typeof route === 'function' ? await route(call) : route);
  };
  window.fetch = fetchImpl as typeof fetch;
  return calls;
}

export const TEST_ADMIN: User = {
  id: '7f0c6b1e-1111-4a4a-9a9a-1234567890ab',
  name: 'Casey Coach',
  email: 'coach@club.test',
  role: 'admin',
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: true,
  created_at: '2026-01-15T10:00:00.000Z',
};

export const TEST_PLAYER: User = {
  ...TEST_ADMIN,
  id: '7f0c6b1e-2222-4a4a-9a9a-1234567890ab',
  name: 'Jordan Winger',
  email: 'jordan@club.test',
  role: 'player',
};

/** Stores a signed-in session the way a login does (reference §3 storage keys). */
export function storeSession(user: User, token = 'test-token') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
}

/** Renders inside the real providers and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' } = {}): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/**
 * The service worker (which jsdom lacks) gave the answer at `path` from its cache, stored on
 * Nov 20, 2026: the page hears it as the browser would deliver it. Returns the screen's offline
 * line once it shows.
 */
export function servedFromCache(path: string): Promise<HTMLElement> {
  act(() =>
    takeWorkerMessage({
      type: 'SERVED_FROM_CACHE',
      url: `http://localhost${path}`,
      storedAt: '2026-11-20T18:10:00.000Z',
    }),
  );
  return screen.findByText(/^Offline — last updated Nov 20, 2026, \d{1,2}:\d{2}\s[AP]M$/);
}
