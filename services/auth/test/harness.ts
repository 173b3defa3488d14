/**
 * Test harness: the real auth app in-process on a throwaway database (PGlite in memory, or a fresh
 * PostgreSQL database when DATABASE_URL is set) and the real Redis, plus user factories.
 */
import type { Role } from '@teamapp/contracts';
import { createTestDatabase, testKeyPair, testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createAuthService, type AuthService } from '../src/app';
import { loadAuthConfig } from '../src/config';
import { createUser } from '../src/domain/users';

export const ADMIN = { email: 'coach@club.test', password: 'Coach!Pass1' };

export interface AuthHarness {
  service: AuthService;
  http: ReturnType<typeof request.agent>;
  server: ReturnType<AuthService['app']['callback']>;
  close: () => Promise<void>;
}

export async function startAuth(extraEnv: Record<string, string> = {}): Promise<AuthHarness> {
  const database = await createTestDatabase();
  const keys = testKeyPair();
  const config = loadAuthConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVICE_PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix(),
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OUTBOX_INTERVAL_MS: '100',
    ...extraEnv,
  });
  const service = await createAuthService(config);
  const server = service.app.callback();
  return {
    service,
    server,
    http: request.agent(server),
    close: async () => {
      await service.close();
      await database.drop();
    },
  };
}

let counter = 0;

/** Creates a user with a strong password and returns it with a live token. */
export async function userWithToken(h: AuthHarness, role: Role = 'player') {
  counter += 1;
  const password = `Player!Pass${counter}`;
  const email = `${role}${counter}-${Date.now()}@club.test`;
  const row = await createUser(h.service.deps.inTransaction, {
    name: `${role === 'admin' ? 'Admin' : 'Player'} ${counter}`,
    email,
    role,
    password,
  });
  const res = await request(h.server).post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`factory login failed: ${res.status}`);
  return { row, email, password, token: res.body.token as string };
}

export async function adminToken(h: AuthHarness): Promise<string> {
  const res = await request(h.server).post('/api/auth/login').send(ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.body.token as string;
}
