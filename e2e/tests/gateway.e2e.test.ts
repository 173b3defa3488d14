/** The gateway itself: routing, JSON errors, security headers, body caps and rate limits. */
import { postJsonFrom } from '@teamapp/platform/http';
import { loadRegistry } from '@teamapp/platform/registry';
import { BASE_URL, E2E_PORT } from '../support/config';
import { adminToken, api } from '../support/browser';

it('when a page route is asked, then the shell is served with security headers', async () => {
  const res = await fetch(`${BASE_URL}/dashboard`);

  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(await res.text()).toMatch(/<div id="?root"?>/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
});

/** A policy's directives by name: `script-src 'self'` -> { 'script-src': ["'self'"] }. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

it('when any page is served (the showcase, sign-in, the app, a remote, the API reference), then the policy allows no inline or evaluated script and the page carries none', async () => {
  const { remotes } = loadRegistry();
  const pages = ['/', '/login', '/dashboard', '/api/docs/', `${remotes[0]!.publicPath}index.html`];

  for (const page of pages) {
    const res = await fetch(`${BASE_URL}${page}`);
    const html = await res.text();
    const policy = directives(res.headers.get('content-security-policy') ?? '');

    expect({ page, status: res.status }).toEqual({ page, status: 200 });
    expect({ page, script: policy['script-src'] }).toEqual({ page, script: ["'self'"] });
    expect({ page, default: policy['default-src'] }).toEqual({ page, default: ["'self'"] });
    expect({ page, frames: policy['frame-ancestors'] }).toEqual({ page, frames: ["'none'"] });
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    expect({ page, inline: scripts.filter((tag) => !/\ssrc=/i.test(tag)) }).toEqual({
      page,
      inline: [],
    });
  }
});

it('when the remote list is asked, then every remote in platform.json is there and serves its entry and routes', async () => {
  const list = (await (await fetch(`${BASE_URL}/remotes.json`)).json()) as Record<string, string>;

  const { remotes } = loadRegistry();
  expect(Object.keys(list).sort()).toEqual(remotes.map((r) => r.name).sort());
  for (const remote of remotes) {
    expect(list[remote.name]).toBe(`${remote.publicPath}remoteEntry.js`);
    const entry = await fetch(`${BASE_URL}${list[remote.name]}`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain(remote.name);
    const routes = await fetch(`${BASE_URL}${remote.publicPath}routes.json`);
    expect(routes.headers.get('cache-control')).toBe('no-cache');
    expect(((await routes.json()) as { routes: unknown[] }).routes.length).toBeGreaterThan(0);
  }
});

it('when an unknown API path is asked, then a JSON 404', async () => {
  const res = await api('GET', '/nothing-here');
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ success: false, error: 'Resource not found.' });
});

it('when a service is unreachable, then a JSON 503 with the server-error text', async () => {
  // The e2e platform routes a planned service that nothing runs (see global-setup.ts).
  const res = await api('GET', '/unreachable');
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({
    success: false,
    error: 'Server error. Please try again later.',
  });
});

it('when a body is over the cap, then a JSON 413 and nothing is stored', async () => {
  const token = await adminToken();
  const before = (await api('GET', '/settings')).body.data;

  const res = await api('PUT', '/settings', { token, body: { appTitle: 'x'.repeat(1_200_000) } });

  expect(res.status).toBe(413);
  expect(res.body.success).toBe(false);
  expect((await api('GET', '/settings')).body.data).toEqual(before);
});

it('when malformed JSON reaches a service, then a JSON 400', async () => {
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"email":',
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toBe('Malformed JSON in request body');
});

/**
 * Posts from a loopback address of the test's own (so the limit never touches the other tests)
 * until the gateway answers 429; returns every status seen and the 429 body.
 */
async function hammer(from: string, path: string, body: unknown, max: number) {
  const statuses: number[] = [];
  let tooMany: unknown;
  for (let i = 0; i < max && !tooMany; i++) {
    const res = await postJsonFrom(from, `http://127.0.0.1:${E2E_PORT}${path}`, body);
    statuses.push(res.status);
    if (res.status === 429) tooMany = res.body;
  }
  return { statuses, tooMany };
}

const TOO_MANY = {
  success: false,
  error: 'Too many requests. Please wait a moment and try again.',
};

it('when one address hammers the login, then it gets a JSON 429 with the documented text', async () => {
  const { statuses, tooMany } = await hammer(
    '127.0.0.2',
    '/api/auth/login',
    { email: 'nobody@e2e.test', password: 'x' },
    60,
  );

  expect(statuses).toContain(401);
  expect(tooMany).toMatchObject(TOO_MANY);
});

it('when one address hammers password reset, then it gets a JSON 429 after a few requests', async () => {
  const { statuses, tooMany } = await hammer(
    '127.0.0.3',
    '/api/password-reset/request',
    { email: 'nobody@e2e.test' },
    20,
  );

  expect(statuses[0]).toBe(200);
  expect(statuses.length).toBeLessThanOrEqual(8);
  expect(tooMany).toMatchObject(TOO_MANY);
});
