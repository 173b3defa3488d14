/**
 * Test support: a throwaway database per test file, on PGlite in memory by default, or on a
 * fresh database of the PostgreSQL server named by DATABASE_URL when that is set.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** PostgreSQL URL to pass to the service, or undefined for PGlite in memory. */
  url: string | undefined;
  dataDir: string;
  drop: () => Promise<void>;
}

export async function createTestDatabase(
  serverUrl = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  if (!serverUrl) return { url: undefined, dataDir: 'memory://', drop: async () => {} };
  const name = `teamapp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir: 'memory://',
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis key prefix unique to one test file, so parallel files never see each other's keys. */
export function testRedisPrefix(): string {
  return `teamapp-test:${randomBytes(4).toString('hex')}:`;
}

let cachedKeys: { privateKey: string; publicKey: string } | undefined;

/** One RS256 key pair per test process, passed to services as JWT_PRIVATE_KEY / JWT_PUBLIC_KEY. */
export function testKeyPair(): { privateKey: string; publicKey: string } {
  cachedKeys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return cachedKeys;
}

/** Polls until check() yields a truthy value (queue consumers and mail run asynchronously). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
