/** Chromium from Debian, driven by playwright-core, and the few steps many tests share. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '@teamapp/service-kit/testing';
import { launchChromium } from '@teamapp/platform/chromium';
import { ADMIN, BASE_URL } from './config';

export const launchBrowser = launchChromium;

export async function newPage(
  browser: Browser,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the sidebar (collapsed by default) and returns its navigation landmark. */
export async function openNavigation(page: Page) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  return nav;
}

interface Json {
  [key: string]: unknown;
}

/** Calls the API through the gateway, as the browser would. */
export async function api(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

export async function adminToken(): Promise<string> {
  const res = await api('POST', '/auth/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.body.token as string;
}

let counter = 0;

/** Test factory: a new player account, created by the admin through the API. */
export async function createPlayer(
  name = 'Pat Player',
): Promise<{ email: string; password: string; name: string }> {
  counter += 1;
  const player = {
    name,
    email: `player${counter}-${Date.now()}@e2e.test`,
    password: 'Player!Pass1',
  };
  const res = await api('POST', '/user', {
    token: await adminToken(),
    body: { ...player, role: 'player' },
  });
  if (res.status !== 201)
    throw new Error(`player factory failed: ${res.status} ${JSON.stringify(res.body)}`);
  return player;
}

/** Polls every 250 ms until check() yields a truthy value; fails with `what` after the timeout. */
export const waitUntil = <T>(what: string, check: () => Promise<T>, timeoutMs = 30_000) =>
  eventually(check, { what, timeoutMs, intervalMs: 250 });
