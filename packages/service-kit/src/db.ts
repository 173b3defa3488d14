/**
 * The database: PostgreSQL when a URL is given, otherwise PGlite (Postgres in WASM) in the
 * service's own data folder. Either way the service's checked-in Drizzle migrations run at start,
 * each service keeping its migration journal in its own schema, and then service-kit creates the
 * shared tables of the schema it is given where they are missing (shared-tables.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createSharedTables } from './shared-tables';

export type Database<TSchema extends Record<string, unknown> = Record<string, unknown>> =
  PgDatabase<PgQueryResultHKT, TSchema>;

export interface DatabaseHandle<TSchema extends Record<string, unknown>> {
  db: Database<TSchema>;
  kind: 'postgres' | 'pglite';
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  /** PostgreSQL URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder, or 'memory://' for a throwaway in-memory database. */
  dataDir: string;
  schema: TSchema;
  migrationsFolder: string;
  /** The service's own schema: also where its migration journal lives. */
  migrationsSchema: string;
}

/** A small embedded server: the smallest WASM heap PGlite accepts and modest buffers. */
const PGLITE_OPTIONS = {
  initialMemory: 128 * 1024 * 1024,
  postgresqlconf: 'shared_buffers = 16MB\n',
};

/**
 * Creating a cluster (initdb) grows PGlite's WASM heap by several hundred MB, and a WASM heap
 * never shrinks; so a short-lived child process creates it and the service opens it small.
 * It takes about 7 s of CPU: with every service of a fresh platform doing it at once on a busy
 * two-core machine that was over 2 minutes, so the limit is generous (the platform's own wait
 * for a service to be ready, or the orchestrator's startup probe, is the real bound). Where this
 * machine keeps a copy of an empty cluster (see below: made by the tests' throwaway databases),
 * the child loads that instead, in about a second; if the copy does not load, it runs initdb.
 */
const CLUSTER_CREATION_TIMEOUT_MS = 10 * 60_000;
async function createClusterInChildProcess(dataDir: string): Promise<void> {
  const create = (template?: string) => {
    const options = template
      ? `{ ...${JSON.stringify(PGLITE_OPTIONS)}, loadDataDir: new Blob([require('node:fs').readFileSync(${JSON.stringify(template)})]) }`
      : JSON.stringify(PGLITE_OPTIONS);
    const script = `
      const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
      const db = new PGlite(${JSON.stringify(dataDir)}, ${options});
      db.waitReady.then(() => db.close()).catch((e) => { console.error(e); process.exit(1); });
    `;
    return promisify(execFile)(process.execPath, ['-e', script], {
      timeout: CLUSTER_CREATION_TIMEOUT_MS,
    });
  };
  if (existsSync(pgliteTemplateFile())) {
    const loaded = await create(pgliteTemplateFile()).then(
      () => existsSync(path.join(dataDir, 'PG_VERSION')),
      () => false,
    );
    if (loaded) return;
  }
  await create();
}

/**
 * A throwaway in-memory database (tests, `DATA_DIR=memory://`) starts from a copy of an empty
 * cluster instead of running initdb each time: initdb costs about 5 s (3 s of CPU), loading the
 * copy under 1 s, and the test suites open hundreds of these. The copy is made once per machine
 * and PGlite version, kept in the system's temporary folder (written aside and renamed, so
 * processes making it at once never read half of one), and made again if it does not load.
 */
let templateFile: string | undefined;
/** Where that copy is kept; worked out on first use (it reads PGlite's package.json). */
export function pgliteTemplateFile(): string {
  if (templateFile) return templateFile;
  const pgliteDir = path.dirname(require.resolve('@electric-sql/pglite'));
  const manifest = readFileSync(path.join(pgliteDir, '..', 'package.json'), 'utf8');
  const key = createHash('sha256')
    .update(manifest)
    .update(JSON.stringify(PGLITE_OPTIONS))
    .digest('hex')
    .slice(0, 16);
  templateFile = path.join(os.tmpdir(), `teamapp-pglite-empty-cluster-${key}.tar`);
  return templateFile;
}

async function openThrowawayPglite(): Promise<PGlite> {
  const template = await readFile(pgliteTemplateFile()).catch(() => undefined);
  if (template) {
    const copy = new PGlite('memory://', { ...PGLITE_OPTIONS, loadDataDir: new Blob([template]) });
    const loaded = await copy.waitReady.then(
      () => true,
      () => false,
    );
    if (loaded) return copy;
  }
  const fresh = new PGlite('memory://', PGLITE_OPTIONS);
  await fresh.waitReady;
  const dump = await fresh.dumpDataDir('none');
  const aside = `${pgliteTemplateFile()}.${process.pid}.${Date.now()}`;
  // Best effort: a machine where the copy cannot be kept still opens databases, only slower.
  await writeFile(aside, Buffer.from(await dump.arrayBuffer()))
    .then(() => rename(aside, pgliteTemplateFile()))
    .catch(() => undefined);
  return fresh;
}

/**
 * Runs a service's migrations while holding a PostgreSQL advisory lock named after its schema,
 * so copies of one service starting together apply them once, one after the other.
 */
async function migrateAlone(pool: pg.Pool, schema: string, migrate: () => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`teamapp-migrate:${schema}`]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`teamapp-migrate:${schema}`]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase<TSchema extends Record<string, unknown>>(
  options: DatabaseOptions<TSchema>,
): Promise<DatabaseHandle<TSchema>> {
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: options.migrationsSchema,
  };
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client whose connection the server ended (a restart, a dropped test database)
    // emits 'error' on the pool; unhandled, that would end the process. The pool replaces the
    // client on next use, and an error during a query still reaches that query's caller.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema: options.schema });
    await migrateAlone(pool, options.migrationsSchema, async () => {
      await migratePg(db, migrationConfig);
      await createSharedTables(db, options.schema);
    });
    return handleOf<TSchema>(db, 'postgres', () => pool.end());
  }
  if (options.dataDir !== 'memory://') {
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await createClusterInChildProcess(options.dataDir);
    }
  }
  const client =
    options.dataDir === 'memory://'
      ? await openThrowawayPglite()
      : new PGlite(options.dataDir, PGLITE_OPTIONS);
  await client.waitReady;
  const db = drizzlePglite(client, { schema: options.schema });
  await migratePglite(db, migrationConfig);
  await createSharedTables(db, options.schema);
  return handleOf<TSchema>(db, 'pglite', () => client.close());
}

/** The handle of an opened database: pinged with `select 1`, closed as given. */
function handleOf<TSchema extends Record<string, unknown>>(
  db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> },
  kind: DatabaseHandle<TSchema>['kind'],
  close: () => Promise<void>,
): DatabaseHandle<TSchema> {
  return {
    db: db as unknown as Database<TSchema>,
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
