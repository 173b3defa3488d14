/**
 * The gateway's per-address limits and the client address it passes on, on real nginx with the
 * config `npm start` renders, in front of a small upstream that records every request it gets:
 * every spelling of a throttled call (sign-in, the password-reset calls, invitations) meets the
 * same limit; a client cannot choose the address the services see; behind a trusted proxy the
 * address is the client's; the development mail catcher answers only its own machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@teamapp/service-kit/testing';
import { HSTS_VALUE, realIpConfig, writeNginxConfig } from '@teamapp/platform/gateway';
import { findFreePortBlock } from '@teamapp/platform/ports';
import type { Registry } from '@teamapp/platform/registry';
import { findCommand } from '@teamapp/platform/system';

interface Seen {
  url: string;
  forwardedFor: string | undefined;
  realIp: string | undefined;
}

/** What reached the upstream, in order. */
const seen: Seen[] = [];
const upstreams: http.Server[] = [];
const gateways: ChildProcess[] = [];
/** Each gateway's folder (its nginx.conf and access.log), by name. */
const runDirs = new Map<string, string>();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request as written (no client-side clean-up of the path). */
function send(
  port: number,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: rawPath,
        headers: { 'Content-Type': 'application/json', ...headers },
        agent: false,
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

/** The recording upstream, listening where the gateway looks for each service. */
async function listenAt(port: number) {
  const server = http.createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      realIp: req.headers['x-real-ip'] as string | undefined,
    });
    res.setHeader('Content-Type', 'application/json');
    res.end('{"success":true}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  upstreams.push(server);
}

/** A gateway on its own port block whose services all are the recording upstream. */
async function startGateway(
  name: string,
  options: { trustedProxies?: string[]; hsts?: boolean },
): Promise<number> {
  const port = await findFreePortBlock(name === 'direct' ? 29_100 : 29_300);
  const registry: Registry = {
    shell: { folder: 'shell', portOffset: 20 },
    services: [
      {
        name: 'auth',
        planned: true,
        portOffset: 1,
        apiPrefixes: ['auth', 'user', 'password-reset', 'email'],
      },
      { name: 'content', planned: true, portOffset: 5, apiPrefixes: ['news'] },
      { name: 'chat', planned: true, portOffset: 3, apiPrefixes: ['chat'] },
      { name: 'events', planned: true, portOffset: 2, apiPrefixes: ['calendar'] },
      { name: 'mailer', planned: true, portOffset: 6, apiPrefixes: [] },
    ],
    remotes: [],
  };
  for (const service of registry.services) await listenAt(port + service.portOffset);
  const runDir = mkdtempSync(path.join(os.tmpdir(), `teamapp-gateway-limits-${name}-`));
  runDirs.set(name, runDir);
  const conf = writeNginxConfig(runDir, {
    platformId: `limits-${name}`,
    gatewayPort: port,
    registry,
    // One request a minute and a burst of one: the allowance cannot refill during the test.
    loginRatePerMinute: 1,
    loginBurst: 1,
    resetRatePerMinute: 1,
    inviteRatePerMinute: 1,
    staticRoot: () => runDir,
    trustedProxies: options.trustedProxies,
    hsts: options.hsts,
  });
  const binary = findCommand('nginx');
  if (!binary)
    throw new Error('nginx is not installed (scripts/platform/bin/test-env.ts installs it)');
  const nginx = spawn(binary, ['-c', conf, '-p', runDir, '-e', path.join(runDir, 'error.log')], {
    stdio: 'ignore',
  });
  gateways.push(nginx);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const ok = await send(port, 'GET', '/.well-known/teamapp-platform')
      .then((r) => r.body === `limits-${name}`)
      .catch(() => false);
    if (ok) return port;
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not start');
}

let direct: number;
let proxied: number;

beforeAll(async () => {
  direct = await startGateway('direct', {});
  // Behind a proxy on this machine that the gateway trusts (as behind a Kubernetes Ingress).
  proxied = await startGateway('proxied', { trustedProxies: ['127.0.0.1/32'], hsts: true });
});

afterAll(async () => {
  for (const nginx of gateways) {
    if (nginx.exitCode !== null) continue;
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  for (const server of upstreams) await new Promise((resolve) => server.close(resolve));
});

/** Sends the canonical call until the gateway refuses it; returns how many got through. */
async function exhaust(port: number, method: string, canonical: string, from?: string) {
  const headers = from ? { 'X-Forwarded-For': from } : undefined;
  for (let i = 0; i < 20; i++) {
    const res = await send(port, method, canonical, headers);
    if (res.status === 429) return;
    expect(res.status).toBe(200);
  }
  throw new Error(`${canonical} was never limited`);
}

const spellings = (route: string) => {
  const last = route.split('/').pop()!;
  const head = route.slice(0, route.length - last.length);
  const encoded = `%${last.charCodeAt(0).toString(16).toUpperCase()}${last.slice(1)}`;
  return [
    route,
    `${route}/`,
    `${head}${last.toUpperCase()}`,
    route.toUpperCase(),
    `/${route}`,
    route.replace('/api/', '/api//'),
    `${head}./${last}`,
    `${head}x/../${last}`,
    `${head}${encoded}`,
    `${head}${encoded.toLowerCase()}`,
    `${head}%2e/${last}`,
    `${route}?next=1`,
    `${route}%2F`,
  ];
};

describe('every spelling of a throttled call meets the same limit', () => {
  it.each([
    ['sign-in', '/api/auth/login'],
    ['password-reset request', '/api/password-reset/request'],
    ['password-reset verify', '/api/password-reset/verify'],
    ['password-reset confirm', '/api/password-reset/confirm'],
    ['invitation', '/api/email/send-invitation'],
    ['invitation resent', '/api/user/3f1e7d3c-9a0b-4a5e-8d6f-0a1b2c3d4e5f/resend-invitation'],
  ])(
    'when one address has used up its %s allowance, then every spelling of %s gets the JSON 429 and none reaches the service',
    async (_, route) => {
      await exhaust(direct, 'POST', route);
      const before = seen.length;

      const answers: { path: string; status: number; code?: string }[] = [];
      for (const variant of spellings(route)) {
        const res = await send(direct, 'POST', variant);
        answers.push({
          path: variant,
          status: res.status,
          code: (JSON.parse(res.body) as { code?: string }).code,
        });
      }

      expect(answers).toEqual(
        spellings(route).map((p) => ({ path: p, status: 429, code: 'rate_limited' })),
      );
      expect(seen.slice(before)).toEqual([]);
    },
  );
});

describe('what reaches the service', () => {
  it('when a throttled call is spelled otherwise within the allowance, then the service gets the path as the client wrote it (its router decides), counted against the same allowance', async () => {
    const before = seen.length;
    const from = { 'X-Forwarded-For': '203.0.113.50' };
    const first = await send(proxied, 'POST', '/api/auth/%6Cogin', from);
    const second = await send(proxied, 'POST', '//api/AUTH/login/', from);
    const third = await send(proxied, 'POST', '/api/auth/login', from);

    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(seen.slice(before).map((s) => s.url)).toEqual([
      '/api/auth/%6Cogin',
      '//api/AUTH/login/',
    ]);
  });
});

describe('the client address the services see', () => {
  it('when a client writes its own X-Forwarded-For, then the service sees the address it came from, once', async () => {
    const before = seen.length;
    const res = await send(direct, 'GET', '/api/news', {
      'X-Forwarded-For': '203.0.113.9',
      'X-Real-IP': '203.0.113.9',
    });

    expect(res.status).toBe(200);
    expect(seen.slice(before)).toEqual([
      { url: '/api/news', forwardedFor: '127.0.0.1', realIp: '127.0.0.1' },
    ]);
  });

  it('when behind a trusted proxy, then the service sees the client the proxy names, not an address the client wrote in front of it', async () => {
    const before = seen.length;
    // The client wrote 198.51.100.1; the proxy appended the address it really came from.
    const res = await send(proxied, 'GET', '/api/news', {
      'X-Forwarded-For': '198.51.100.1, 203.0.113.7',
    });

    expect(res.status).toBe(200);
    expect(seen.slice(before)).toEqual([
      { url: '/api/news', forwardedFor: '203.0.113.7', realIp: '203.0.113.7' },
    ]);
  });

  it('when behind a trusted proxy, then each client has its own sign-in allowance', async () => {
    await exhaust(proxied, 'POST', '/api/auth/login', '203.0.113.20');
    const limited = await send(proxied, 'POST', '/api/auth/login', {
      'X-Forwarded-For': '203.0.113.20',
    });
    // Another client behind the same proxy, and the first one naming someone else in front.
    const other = await send(proxied, 'POST', '/api/auth/login', {
      'X-Forwarded-For': '203.0.113.21',
    });
    const spoofed = await send(proxied, 'POST', '/api/auth/login', {
      'X-Forwarded-For': '203.0.113.99, 203.0.113.20',
    });

    expect([limited.status, other.status, spoofed.status]).toEqual([429, 200, 429]);
  });

  it('when a trusted proxy is not an address or range, then the config is refused', () => {
    expect(() => realIpConfig(['10.0.0.0/8; deny all'])).toThrow(/not an address or CIDR/);
  });
});

describe('the development mail catcher', () => {
  it.each(['127.0.0.1', '127.0.0.7'])(
    'when asked from the gateway machine itself (%s), then it passes to the mailer',
    async (from) => {
      const before = seen.length;
      const res = await send(direct, 'GET', '/dev/mail', {}, from);

      expect(res.status).toBe(200);
      expect(seen.slice(before).map((s) => s.url)).toEqual(['/dev/mail']);
    },
  );

  it.each(['/dev/mail', '/dev/mail/api/messages', '//dev/mail', '/dev/%6Dail'])(
    'when %s is asked from another address, then the JSON 403 and the mailer never sees it',
    async (rawPath) => {
      const before = seen.length;
      const res = await send(proxied, 'GET', rawPath, { 'X-Forwarded-For': '203.0.113.30' });

      expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
        status: 403,
        type: 'application/json',
      });
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        error: 'Access denied. You do not have permission for this action.',
        code: 'forbidden',
      });
      expect(seen.slice(before)).toEqual([]);
    },
  );
});

describe('the access log', () => {
  it("when a calendar feed is read by its private address, however spelled, then the gateway's access log holds no token", async () => {
    const token = 'f3eed70ce1a94b4b8d2b6a55c0ffee42';
    const feeds = [
      `/api/calendar/${token}.ics`,
      `/api/CALENDAR/${token}.ics`,
      `/api//calendar/${token}.ics`,
      `/api/%63alendar/${token}.ics`,
      `/api/calendar/${token}.ics?refresh=1`,
    ];
    // Some reach the service, some the gateway's own 404: each is logged either way.
    for (const feed of feeds) await send(direct, 'GET', feed);
    // The member's own feed call last: one worker writes lines in order, so once it is there
    // every line before it is too.
    await send(direct, 'GET', '/api/calendar/feed');
    const log = await eventually(() => {
      const text = readFileSync(path.join(runDirs.get('direct')!, 'access.log'), 'utf8');
      return text.includes('"GET /api/calendar/feed"') ? text : undefined;
    });
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 12));
    expect(log.match(/"GET \/api\/calendar\/\[redacted\]"/g)).toHaveLength(feeds.length);
  });

  it("when a one-tap answer link is opened or confirmed, however spelled, then the gateway's access log holds no token", async () => {
    const token =
      '5f0c2d1e-7a8b-4c9d-8e1f-2a3b4c5d6e7f.0e1d2c3b-4a59-4687-9786-a5b4c3d2e1f0.maybe.1999999999.c2lnbmF0dXJlLWluLXRoZS1tYWlsLWxpbms';
    const links = [
      `/api/events/answer/${token}`,
      `/API/Events/Answer/${token}`,
      `/api/events//answer/${token}`,
      `/api/events/%61nswer/${token}`,
    ];
    for (const link of links) await send(direct, 'GET', link);
    await send(direct, 'POST', `/api/events/answer/${token}`);
    await send(direct, 'GET', '/api/events/stats');
    const log = await eventually(() => {
      const text = readFileSync(path.join(runDirs.get('direct')!, 'access.log'), 'utf8');
      return text.includes('"GET /api/events/stats"') ? text : undefined;
    });
    expect(log).not.toContain('c2lnbmF0dXJl');
    expect(log).not.toContain('5f0c2d1e');
    expect(log.match(/"GET \/api\/events\/answer\/\[redacted\]"/g)).toHaveLength(links.length);
    expect(log).toContain('"POST /api/events/answer/[redacted]"');
  });
});

describe('Strict-Transport-Security', () => {
  it('when the gateway serves over TLS, then every answer carries it; when not, none does', async () => {
    const secure = await send(proxied, 'GET', '/api/news');
    const plain = await send(direct, 'GET', '/api/news');

    expect(secure.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
