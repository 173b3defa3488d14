/**
 * Test harness: the real auth app in-process on a throwaway database (PGlite in memory, or a fresh
 * PostgreSQL database when DATABASE_URL is set) and the real Redis, plus user factories.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobPayloads, Role, SessionUser, User } from '@teamapp/contracts';
import { createMailSecrets, ensureDevMailSecretKey, payloadOf } from '@teamapp/service-kit';
import {
  startServiceHarness,
  testKeyPair,
  type ServiceHarness,
} from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createAuthService, type AuthService } from '../src/app';
import { loadAuthConfig } from '../src/config';
import { createUsersRepo } from '../src/db/users.repo';

export const ADMIN = { email: 'coach@club.test', password: 'Coach!Pass1' };

export interface AuthHarness extends ServiceHarness<AuthService> {
  http: ReturnType<typeof request.agent>;
  /** Where this harness's uploaded files go (a throwaway folder). */
  uploadsDir: string;
  /** The stored row of a user, read straight from the database. */
  findUser: (email: string) => ReturnType<ReturnType<typeof createUsersRepo>['findByEmail']>;
}

export async function startAuth(
  extraEnv: Record<string, string | undefined> = {},
  /** `now`: a clock the test moves, for the throttles (Redis's own when absent). */
  options: Parameters<typeof createAuthService>[1] = {},
): Promise<AuthHarness> {
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'teamapp-uploads-'));
  const h = await startServiceHarness({
    loadConfig: loadAuthConfig,
    create: (config) => createAuthService(config, options),
    env: {
      UPLOADS_DIR: uploadsDir,
      JWT_PRIVATE_KEY: testKeyPair().privateKey,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    },
  }).catch(async (err: unknown) => {
    await rm(uploadsDir, { recursive: true, force: true });
    throw err;
  });
  h.defer(() => rm(uploadsDir, { recursive: true, force: true }));
  const users = createUsersRepo(h.service.base.db);
  return {
    ...h,
    http: request.agent(h.server),
    uploadsDir,
    findUser: (email) => users.findByEmail(email),
  };
}

let counter = 0;

/** Creates a user with a strong password and returns it with a live token. */
export async function userWithToken(
  h: AuthHarness,
  role: Role = 'player',
  /** The team the member joins as a player (without one, the only team, if the club has one). */
  teamId?: string,
) {
  counter += 1;
  const password = `Player!Pass${counter}`;
  const email = `${role}${counter}-${Date.now()}@club.test`;
  const user = await h.service.deps.users.create({
    name: `${role === 'admin' ? 'Admin' : 'Player'} ${counter}`,
    email,
    role,
    password,
    teamId,
  });
  const res = await request(h.server).post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`factory login failed: ${res.status}`);
  return { user, email, password, token: res.body.token as string };
}

export async function adminToken(h: AuthHarness): Promise<string> {
  const res = await request(h.server).post('/api/auth/login').send(ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.body.token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens mail secrets as the mailer does: the auth harness seals with its data folder's key. */
const mailSecrets = () => createMailSecrets(ensureDevMailSecretKey('memory://'));

/**
 * Jobs of one queue this auth instance published (no consumer runs in these tests); a mail's
 * sealed secret (reset link, temporary password) opened, as the mailer reads it.
 */
export async function publishedJobs<
  Q extends
    | 'mail'
    | 'members'
    | 'events-members'
    | 'notifications'
    | 'events-teams'
    | 'chat-teams'
    | 'content-teams',
>(h: AuthHarness, queue: Q) {
  await h.service.base.relay.flush();
  const jobs = await h.service.base.queues
    .queue(queue)
    .getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
  // Oldest first: by the event's own time where it has one, else by when it was queued.
  const when = (j: (typeof jobs)[number]) =>
    typeof j.data?.at === 'string' ? Date.parse(j.data.at) : j.timestamp;
  const open = (payload: JobPayloads[Q]) =>
    queue === 'mail'
      ? (mailSecrets().open(payload as JobPayloads['mail']) as JobPayloads[Q])
      : payload;
  return jobs.sort((a, b) => when(a) - when(b)).map((j) => open(payloadOf<JobPayloads[Q]>(j.data)));
}

let invited = 0;

/** Invites someone through the API and returns what the mail would carry. */
export async function invite(
  h: AuthHarness,
  admin: string,
  overrides: Record<string, unknown> = {},
) {
  invited += 1;
  const body = {
    email: `invitee${invited}-${Date.now()}@club.test`,
    firstName: 'Nia',
    lastName: `Player${invited}`,
    role: 'player',
    tempPassword: 'Xk4mPq7z',
    teamName: 'TeamApp',
    ...overrides,
  };
  const res = await request(h.server)
    .post('/api/email/send-invitation')
    .set(bearer(admin))
    .send(body);
  if (res.status !== 201)
    throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...body, email: String(body.email).toLowerCase(), user: res.body.data as User };
}

/** Signs in and returns the response body (token and user). */
export async function login(h: AuthHarness, email: string, password: string) {
  const res = await request(h.server).post('/api/auth/login').send({ email, password });
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { token: string; user: SessionUser };
}
