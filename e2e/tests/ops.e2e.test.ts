/**
 * What the people who run the platform use, through the gateway: the API reference at /api/docs,
 * the queues board at /admin/queues (admins only), and what the gateway keeps unpublished (each
 * service's own description and metrics).
 */
import type { Browser } from 'playwright-core';
import { loadRegistry } from '@teamapp/platform/registry';
import { ADMIN, BASE_URL, E2E_PORT } from '../support/config';
import { adminToken, api, createPlayer, launchBrowser, logIn, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const described = loadRegistry().services.filter((s) => !s.planned && s.apiPrefixes.length > 0);

describe('/api/docs', () => {
  it('when the reference is opened, then it is served under the strict CSP and lists every service', async () => {
    const res = await fetch(`${BASE_URL}/api/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    const services = (await (await fetch(`${BASE_URL}/api/docs/services.json`)).json()) as string[];
    expect(services.sort()).toEqual(described.map((s) => s.name).sort());

    const { context, page } = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text()) && /script/.test(m.text()))
        blocked.push(m.text());
    });
    await page.goto('/api/docs');

    await page.getByText(`Every service described (${described.length}).`).waitFor();
    for (const path of ['/api/auth/login', '/api/events', '/api/chat', '/api/club-tasks']) {
      await page.locator(`[data-path="${path}"]`).first().waitFor();
    }
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('when a service description is asked through its docs address, then it is its OpenAPI 3.1 document', async () => {
    const res = await fetch(`${BASE_URL}/api/docs/events.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };

    expect(res.status).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/events/{id}');
  });
});

describe('what the gateway does not publish', () => {
  it.each(['/api/metrics', '/api/openapi.json', '/api/docs/unreachable.json'])(
    'when %s is asked through the gateway, then 404',
    async (path) => {
      const res = await fetch(`${BASE_URL}${path}`);
      expect(res.status).toBe(404);
    },
  );

  it.each(['/metrics', '/openapi.json'])(
    'when %s is asked through the gateway, then only the shell page answers, never a service',
    async (path) => {
      const res = await fetch(`${BASE_URL}${path}`);
      const text = await res.text();

      expect(res.headers.get('content-type')).toContain('text/html');
      expect(text).not.toContain('http_requests_total');
      expect(text).not.toContain('"openapi"');
    },
  );

  it('when a service is scraped on its metrics port, then its requests are counted by route', async () => {
    const content = loadRegistry().services.find((s) => s.name === 'content')!;
    await fetch(`${BASE_URL}/api/settings`);

    const res = await fetch(`http://127.0.0.1:${E2E_PORT + content.portOffset + 1000}/metrics`);

    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/http_requests_total\{[^}]*route="\/api\/settings"/);
  });
});

describe('/admin/queues', () => {
  it('when an admin clicks Queues in Settings, then the board opens showing the queues', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/settings');

    await page.getByRole('button', { name: 'Queues' }).click();

    await page.waitForURL('**/admin/queues/**');
    await page.getByText('mail', { exact: true }).first().waitFor();
    await page.getByText('notifications', { exact: true }).first().waitFor();
    await context.close();
  });

  it('when an admin exchanges a ticket, then the board and its queue list answer with the cookie only', async () => {
    const ticket = await api('POST', '/settings/queues-ticket', { token: await adminToken() });
    const exchange = await fetch(`${BASE_URL}${(ticket.body.data as { url: string }).url}`, {
      redirect: 'manual',
    });
    const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0]!;

    const list = await fetch(`${BASE_URL}/admin/queues/api/queues`, { headers: { cookie } });

    expect(exchange.status).toBe(303);
    expect(list.status).toBe(200);
    const queues = ((await list.json()) as { queues: { name: string }[] }).queues;
    expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining(['mail', 'members']));
  });

  it('when a player asks for a ticket, then 403; with no cookie the board answers 401', async () => {
    const player = await createPlayer();
    const login = await api('POST', '/auth/login', { body: player });

    const ticket = await api('POST', '/settings/queues-ticket', {
      token: login.body.token as string,
    });
    const board = await fetch(`${BASE_URL}/admin/queues/`);

    expect(ticket.status).toBe(403);
    expect(board.status).toBe(401);
    expect(((await board.json()) as { success: boolean }).success).toBe(false);
  });
});
