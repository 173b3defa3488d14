/**
 * Test harness: the real auth app in-process on a throwaway database (PGlite in memory, or a fresh
 * PostgreSQL database when DATABASE_URL is set) and the real Redis, plus user factories.
 */
import type { Role } from '@teamapp/contracts';
import { createTestDatabase, serviceTestEnv, testKeyPair } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { createAuthService, type AuthService } from '../src/app';
import { loadAuthConfig } from '../src/config';
import { createUsersRepo } from '../src/db/users.repo';

export const ADMIN = { email: 'coach@club.test', password: 'Coach!Pass1' };

export interface AuthHarness {
  service: AuthService;
  http: ReturnType<typeof request.agent>;
  server: ReturnType<AuthService['app']['callback']>;
  /** The stored row of a user, read straight from the database. */
  findUser: (email: string) => ReturnType<ReturnType<typeof createUsersRepo>['findByEmail']>;
  close: () => Promise<void>;
}

export async function startAuth(extraEnv: Record<string, string> = {}): Promise<AuthHarness> {
  const database = await createTestDatabase();
  const config = loadAuthConfig(
    serviceTestEnv(database, {
      JWT_PRIVATE_KEY: testKeyPair().privateKey,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    }),
  );
  const service = await createAuthService(config);
  const server = service.app.callback();
  const users = createUsersRepo(service.base.db);
  return {
    service,
    server,
    http: request.agent(server),
    findUser: (email) => users.findByEmail(email),
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
  const user = await h.service.deps.users.create({
    name: `${role === 'admin' ? 'Admin' : 'Player'} ${counter}`,
    email,
    role,
    password,
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
