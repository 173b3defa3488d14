/**
 * Services run as compiled JavaScript under `npm start` (scripts/platform/src/build-services.ts): the
 * build is plain CommonJS with the workspace packages compiled in and its migrations beside it,
 * and it starts with plain Node (no tsx) and answers /ready on a real database and Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createTestDatabase,
  serviceTestEnv,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import { buildService, compiledEntry, serviceIsStale } from '@teamapp/platform/build-services';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { builtServices, loadRegistry } from '@teamapp/platform/registry';

const content = builtServices(loadRegistry()).find((s) => s.name === 'content')!;
let child: ChildProcess | undefined;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await buildService(content);
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database.drop();
});

it('when a service is compiled, then it is one CommonJS file with its migrations and no TypeScript', () => {
  const entry = compiledEntry(content);
  const code = readFileSync(entry, 'utf8');

  expect(code).not.toMatch(/require\("tsx|from "tsx|@teamapp\/service-kit"\)/);
  expect(code).toContain('__dirname');
  const journal = path.join(path.dirname(entry), 'db', 'migrations', 'meta', '_journal.json');
  expect(JSON.parse(readFileSync(journal, 'utf8'))).toHaveProperty('entries');
  expect(serviceIsStale(content)).toBe(false);
});

it('when the compiled service starts with plain node, then it becomes ready', async () => {
  const port = await findFreePortBlock(29_700, 2);
  child = spawn(process.execPath, [compiledEntry(content)], {
    env: { PATH: process.env.PATH, ...serviceTestEnv(database, { SERVICE_PORT: String(port) }) },
    stdio: 'ignore',
  });

  const deadline = Date.now() + 60_000;
  let ready = false;
  while (!ready && Date.now() < deadline && child.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }

  expect(child.exitCode).toBeNull();
  expect(ready).toBe(true);
}, 90_000);
