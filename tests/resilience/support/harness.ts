/**
 * The whole platform for the resilience suites (authorization matrix, bad input, faults): every
 * service of platform.json behind the real gateway, started the way `npm start` starts it, on
 * fresh data in a temporary folder, with helpers to call the API as an admin or a member.
 * Each suite file starts its own platform, so what one suite does never disturbs another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform, type Platform, type PlatformOptions } from '@teamapp/platform/platform';
import { findFreePortBlock } from '@teamapp/platform/ports';

export const ADMIN = {
  email: 'admin@resilience.test',
  password: 'Resilience!Admin1',
  name: 'Robin Admin',
};
const MEMBER_PASSWORD = 'Member!Pass2026';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface Member {
  id: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

export interface TestPlatform {
  platform: Platform;
  /** The gateway's address, e.g. http://127.0.0.1:41000 */
  url: string;
  /** The gateway's port, the base the services' ports (and their metrics') derive from. */
  port: number;
  dataDir: string;
  /** Calls `/api${path}` through the gateway; a body that is not a string is sent as JSON. */
  api: (
    method: string,
    apiPath: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiAnswer>;
  /** Signs in and answers the session token (throws unless the answer is 200). */
  signIn: (email: string, password: string) => Promise<string>;
  adminToken: () => Promise<string>;
  /** A new active account created by the admin, signed in. */
  createMember: (role?: 'player' | 'admin', name?: string) => Promise<Member>;
  stop: () => Promise<void>;
}

let counter = 0;

export async function startTestPlatform(
  options: Partial<Omit<PlatformOptions, 'port' | 'dataDir'>> & { preferredPort?: number } = {},
): Promise<TestPlatform> {
  // Below the kernel's ephemeral range (32768 on), where the load of a busy machine's outgoing
  // connections would make free blocks rare; each suite asks for its own base (30_100, 30_200...)
  // because suites running side by side could otherwise pick the same block at the same moment.
  const { preferredPort = 30_000, env, ...rest } = options;
  const port = await findFreePortBlock(preferredPort);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-resilience-'));
  const platform = await startPlatform({
    port,
    dataDir,
    echoErrors: false,
    // The suites sign in, invite and ask for resets many times from 127.0.0.1; the per-address
    // limits have their own tests (tests/platform/gateway-limits.test.ts).
    loginRatePerMinute: 600,
    loginBurst: 300,
    // Their bursts are fixed (5 and 10), so a rate this high is what lets calls in a row through.
    resetRatePerMinute: 60_000,
    inviteRatePerMinute: 60_000,
    ...rest,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      ...env,
    },
  });
  const url = platform.url;

  const api: TestPlatform['api'] = async (method, apiPath, { token, body, headers } = {}) => {
    const res = await fetch(`${url}/api${apiPath}`, {
      method,
      headers: {
        ...(body !== undefined && typeof body !== 'string'
          ? { 'Content-Type': 'application/json' }
          : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  const signIn = async (email: string, password: string) => {
    const res = await api('POST', '/auth/login', { body: { email, password } });
    const token = (res.body as { token?: unknown }).token;
    if (res.status !== 200 || typeof token !== 'string')
      throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
    return token;
  };

  const adminToken = () => signIn(ADMIN.email, ADMIN.password);

  const createMember: TestPlatform['createMember'] = async (role = 'player', name) => {
    counter += 1;
    const member = {
      name: name ?? `${role === 'admin' ? 'Alex Admin' : 'Pat Player'} ${counter}`,
      email: `${role}${counter}-${Date.now()}@resilience.test`,
      password: MEMBER_PASSWORD,
    };
    const res = await api('POST', '/user', {
      token: await adminToken(),
      body: { ...member, role },
    });
    const user = (res.body as { data?: { id?: unknown } }).data;
    if (res.status !== 201 || typeof user?.id !== 'string')
      throw new Error(`creating a ${role} failed: ${res.status} ${res.text}`);
    return { ...member, id: user.id, token: await signIn(member.email, member.password) };
  };

  const stop = async () => {
    await platform.stop();
    if (!process.env.KEEP) rmSync(dataDir, { recursive: true, force: true });
  };

  return { platform, url, port, dataDir, api, signIn, adminToken, createMember, stop };
}
