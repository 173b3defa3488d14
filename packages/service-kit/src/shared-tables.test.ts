import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, pgSchema, type PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from './db';
import { outboxTable } from './outbox';
import { sharedTableStatements } from './shared-tables';
import { teamsTable } from './teams';

const schemaName = 'shared_tables_test';
const shared = {
  outbox: outboxTable(pgSchema(schemaName)),
  teams: teamsTable(pgSchema(schemaName)),
};

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** What Drizzle's definition of a table says of each column, in information_schema's words. */
const definedColumns = (table: PgTable) =>
  getTableConfig(table).columns.map((column) => ({
    table_name: getTableConfig(table).name,
    column_name: column.name,
    data_type: column.getSQLType(),
    is_nullable: column.notNull ? 'NO' : 'YES',
    has_default: column.hasDefault,
  }));

describe('the tables service-kit creates in a service schema', () => {
  let migrationsFolder: string;
  let handle: DatabaseHandle<typeof shared>;

  beforeAll(async () => {
    // A service with no migrations of its own: an empty Drizzle journal.
    migrationsFolder = await mkdtemp(path.join(os.tmpdir(), 'teamapp-shared-tables-'));
    await mkdir(path.join(migrationsFolder, 'meta'));
    await writeFile(
      path.join(migrationsFolder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
    handle = await openDatabase({
      dataDir: 'memory://',
      schema: shared,
      migrationsFolder,
      migrationsSchema: schemaName,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await rm(migrationsFolder, { recursive: true, force: true });
  });

  const columns = async () => {
    const result = (await handle.db.execute(sql`
      select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns
      where table_schema = ${schemaName} and table_name in ('outbox', 'teams')
      order by table_name, ordinal_position`)) as { rows: ColumnRow[] };
    return result.rows;
  };

  it('when a database opens, then each shared table has the columns of its Drizzle definition', async () => {
    const found = (await columns()).map(({ column_default, ...column }) => ({
      ...column,
      has_default: column_default !== null,
    }));
    const defined = [...definedColumns(shared.outbox), ...definedColumns(shared.teams)];
    expect(found).toEqual(expect.arrayContaining(defined));
    expect(found).toHaveLength(defined.length);
  });

  it('when a database opens again, then the shared tables and their rows stay as they were', async () => {
    await handle.db.insert(shared.outbox).values({ queue: 'q', payload: { kept: true } });
    for (const statement of sharedTableStatements(shared)) {
      await handle.db.execute(sql.raw(statement));
    }
    const rows = await handle.db.select().from(shared.outbox);
    expect(rows).toEqual([expect.objectContaining({ queue: 'q', payload: { kept: true } })]);
  });

  it('when a schema holds no shared table, then nothing is created', () => {
    expect(sharedTableStatements({ other: pgSchema(schemaName).table('other', {}) })).toEqual([]);
    expect(sharedTableStatements(shared)).toHaveLength(2);
  });
});
