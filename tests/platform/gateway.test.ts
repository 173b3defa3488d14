/**
 * The gateway's own answers, on real nginx with the config `npm start` renders: prebuilt gzip and
 * brotli files with the right caching, and the JSON error body for every error nginx itself
 * makes under /api (a path or request line it cannot read, an over-long URL, a refused method,
 * a body over the cap, an unknown path, a service that is down or broken).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BROTLI_STATIC_MODULE, writeNginxConfig } from '@teamapp/platform/gateway';
import { findFreePortBlock } from '@teamapp/platform/ports';
import type { Registry } from '@teamapp/platform/registry';
import { findCommand } from '@teamapp/platform/system';

const HASHED = 'main.0123abcd.js';
const PLATFORM_ID = 'gateway-test';

let port: number;
let nginx: ChildProcess;
let content: http.Server;
const work = mkdtempSync(path.join(os.tmpdir(), 'teamapp-gateway-test-'));
const dist = (folder: string) => path.join(work, folder);

/** A build folder: each text file with the .gz and .br a build writes beside it. */
function writeBuild(folder: string, files: Record<string, string>) {
  mkdirSync(dist(folder), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist(folder), name);
    writeFileSync(file, text);
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(text));
  }
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request as written, with no client-side URL clean-up; the body as sent (not decoded). */
function request(
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: rawPath, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Bytes on a socket, for request lines an HTTP client refuses to write. */
function rawExchange(text: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0),
        type: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
        body,
      });
    });
  });
}

async function waitForGateway() {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const ok = await request('GET', '/.well-known/teamapp-platform')
      .then((r) => r.body.toString() === PLATFORM_ID)
      .catch(() => false);
    if (ok) return;
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not start');
}

beforeAll(async () => {
  port = await findFreePortBlock(28_600);
  writeBuild('shell', {
    'index.html': '<!doctype html><div id="root"></div><script src="/main.0123abcd.js"></script>',
    [HASHED]: `console.log(${JSON.stringify('x'.repeat(4000))});`,
  });
  writeBuild('mfe-demo', {
    'remoteEntry.js': 'var mfe_demo = {};',
    'routes.json': '{"routes":[],"navigation":[]}',
    'showcase.js': 'hydrate();',
  });

  // A content service: JSON for /api/news, a dropped connection (a crash) for /api/news/broken.
  content = http.createServer((req, res) => {
    if (req.url === '/api/news/broken') return req.socket.destroy();
    res.setHeader('Content-Type', 'application/json');
    res.end('{"success":true,"news":[]}');
  });
  await new Promise<void>((resolve) => content.listen(port + 5, '127.0.0.1', resolve));

  const registry: Registry = {
    shell: { folder: 'shell', portOffset: 20 },
    services: [
      // Nothing listens for auth: its paths are a service that is down.
      { name: 'auth', planned: true, portOffset: 1, apiPrefixes: ['auth'] },
      { name: 'content', planned: true, portOffset: 5, apiPrefixes: ['news', 'settings'] },
      { name: 'chat', planned: true, portOffset: 3, apiPrefixes: ['chat'] },
      { name: 'mailer', planned: true, portOffset: 6, apiPrefixes: [] },
    ],
    remotes: [{ name: 'mfe_demo', folder: 'mfe-demo', publicPath: '/mfe/demo/', portOffset: 21 }],
  };
  const runDir = path.join(work, 'run');
  const conf = writeNginxConfig(runDir, {
    platformId: PLATFORM_ID,
    gatewayPort: port,
    registry,
    loginRatePerMinute: 60,
    loginBurst: 10,
    staticRoot: dist,
  });
  const binary = findCommand('nginx');
  if (!binary)
    throw new Error('nginx is not installed (scripts/platform/bin/test-env.ts installs it)');
  nginx = spawn(binary, ['-c', conf, '-p', runDir, '-e', path.join(runDir, 'error.log')], {
    stdio: 'ignore',
  });
  await waitForGateway();
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => content?.close(resolve));
});

describe('static files', () => {
  it('when a browser accepts brotli, then the prebuilt .br file is sent as is, cached for a year', async () => {
    const res = await request('GET', `/${HASHED}`, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(readFileSync(path.join(dist('shell'), `${HASHED}.br`)))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('when a browser accepts only gzip, then the prebuilt .gz file is sent as is', async () => {
    const res = await request('GET', `/${HASHED}`, { headers: { 'Accept-Encoding': 'gzip' } });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(readFileSync(path.join(dist('shell'), `${HASHED}.gz`)))).toBe(true);
  });

  it('when the brotli module is installed, then the config loads it', () => {
    // Debian's nginx has it as libnginx-mod-http-brotli-static; scripts install it with nginx.
    expect(existsSync(BROTLI_STATIC_MODULE)).toBe(true);
    expect(readFileSync(path.join(work, 'run', 'nginx.conf'), 'utf8')).toContain(
      'brotli_static on;',
    );
  });

  it('when a page route is asked, then index.html comes compressed and never cached', async () => {
    const res = await request('GET', '/login', { headers: { 'Accept-Encoding': 'br' } });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when the remote list, an entry, a route list or the showcase script is asked, then it is never cached', async () => {
    const remotes = await request('GET', '/remotes.json');
    const entry = await request('GET', '/mfe/demo/remoteEntry.js');
    const routes = await request('GET', '/mfe/demo/routes.json');
    const showcase = await request('GET', '/mfe/demo/showcase.js');

    expect(remotes.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(remotes.body.toString())).toEqual({ mfe_demo: '/mfe/demo/remoteEntry.js' });
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(routes.status).toBe(200);
    expect(routes.headers['cache-control']).toBe('no-cache');
    expect(showcase.status).toBe(200);
    expect(showcase.headers['cache-control']).toBe('no-cache');
  });
});

describe('errors nginx makes under /api are the JSON error body', () => {
  const expectJsonError = (
    res: { status: number; type: string; body: string },
    status: number,
    code: string,
  ) => {
    expect({ status: res.status, type: res.type }).toEqual({ status, type: 'application/json' });
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code });
    expect(typeof (JSON.parse(res.body) as { error: unknown }).error).toBe('string');
  };
  const asText = (res: Raw) => ({
    status: res.status,
    type: String(res.headers['content-type']),
    body: res.body.toString('utf8'),
  });

  it('when the path holds %00, then 400', async () => {
    expectJsonError(asText(await request('GET', '/api/news/%00')), 400, 'bad_request');
  });

  it('when the path holds a stray %, then 400', async () => {
    expectJsonError(asText(await request('GET', '/api/news/%')), 400, 'bad_request');
    expectJsonError(asText(await request('GET', '/api/news/%zz')), 400, 'bad_request');
  });

  it('when the request line is not HTTP, then 400', async () => {
    expectJsonError(await rawExchange('GET /api/news\x01 HTTP/1.1\r\n\r\n'), 400, 'bad_request');
  });

  it('when the URL is over-long, then 414', async () => {
    const res = await rawExchange(
      `GET /api/news?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expectJsonError(res, 414, 'uri_too_long');
  });

  it('when a header is over-long, then 400', async () => {
    const res = await request('GET', '/api/news', { headers: { 'X-Big': 'b'.repeat(20_000) } });
    expectJsonError(asText(res), 400, 'bad_request');
  });

  it('when the method is one nginx refuses, then 405', async () => {
    expectJsonError(asText(await request('TRACE', '/api/news')), 405, 'method_not_allowed');
  });

  it('when a body is over the cap, then 413', async () => {
    const res = await request('POST', '/api/news', {
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(1_100_000, 'a'),
    });
    expectJsonError(asText(res), 413, 'payload_too_large');
  });

  it.each(['GET', 'PATCH', 'DELETE'])(
    'when an /api path climbs out of /api with encoded dot segments (%s), then the JSON 404',
    async (method) => {
      const res = await request(method, '/api/events/%2e%2e%2f%2e%2e%2fetc%2fpasswd');
      expectJsonError(asText(res), 404, 'not_found');
    },
  );

  it('when no service serves the path, then 404', async () => {
    expectJsonError(asText(await request('GET', '/api/nothing-here')), 404, 'not_found');
  });

  it('when the service is down, then 503', async () => {
    expectJsonError(asText(await request('GET', '/api/auth/me')), 503, 'service_unavailable');
  });

  it('when the service drops the connection, then 503', async () => {
    expectJsonError(asText(await request('GET', '/api/news/broken')), 503, 'service_unavailable');
  });

  it('when one address sends too many sign-ins, then 429', async () => {
    const statuses: number[] = [];
    let limited: Raw | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await request('POST', '/api/auth/login', {
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from('{}'),
      });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }

    expect(statuses).toContain(503);
    expect(limited).toBeDefined();
    expectJsonError(asText(limited!), 429, 'rate_limited');
  });

  it('when the service answers, then its answer passes through unchanged', async () => {
    const res = await request('GET', '/api/news');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ success: true, news: [] });
  });
});
