import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteTemplateFile } from './db';

describe('a throwaway PGlite database', () => {
  let migrationsFolder: string;

  beforeAll(async () => {
    // A service with no migrations yet: an empty Drizzle journal.
    migrationsFolder = await mkdtemp(path.join(os.tmpdir(), 'teamapp-db-test-'));
    await mkdir(path.join(migrationsFolder, 'meta'));
    await writeFile(
      path.join(migrationsFolder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
  });
  afterAll(() => rm(migrationsFolder, { recursive: true, force: true }));

  const open = () =>
    openDatabase({
      dataDir: 'memory://',
      schema: {},
      migrationsFolder,
      migrationsSchema: 'db_test',
    });

  it('when opened after another, then it starts empty from the kept cluster copy', async () => {
    const first = await open();
    await first.db.execute(sql`create table left_behind (id int)`);
    await first.close();
    expect((await stat(pgliteTemplateFile())).size).toBeGreaterThan(1_000_000);

    const second = await open();
    try {
      const found = (await second.db.execute(sql`select to_regclass('left_behind') as t`)) as {
        rows: unknown[];
      };
      expect(found.rows).toEqual([{ t: null }]);
    } finally {
      await second.close();
    }
  });

  it('when the kept copy is damaged, then a fresh cluster opens and the copy is made again', async () => {
    await writeFile(pgliteTemplateFile(), 'not a cluster');
    const db = await open();
    try {
      await db.ping();
    } finally {
      await db.close();
    }
    expect((await stat(pgliteTemplateFile())).size).toBeGreaterThan(1_000_000);
  });

  it('when a data folder is new, then its cluster is made from the kept copy and keeps what is written', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teamapp-db-folder-'));
    const openFolder = () =>
      openDatabase({ dataDir, schema: {}, migrationsFolder, migrationsSchema: 'db_test' });
    try {
      await open().then((db) => db.close()); // the copy exists
      const first = await openFolder();
      await first.db.execute(sql`create table kept (id int)`);
      await first.close();
      expect((await stat(path.join(dataDir, 'PG_VERSION'))).isFile()).toBe(true);

      const again = await openFolder();
      try {
        const found = (await again.db.execute(sql`select to_regclass('kept') as t`)) as {
          rows: unknown[];
        };
        expect(found.rows).toEqual([{ t: 'kept' }]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
