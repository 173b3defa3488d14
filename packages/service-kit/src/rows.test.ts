import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { idColumn, updatedAtColumn } from './columns';
import type { Database } from './db';
import { deleteWhere, insertIfNew, updateById } from './rows';

const club = pgSchema('club');
const teams = club.table('teams', {
  id: idColumn(),
  name: text('name').notNull(),
  updatedAt: updatedAtColumn(),
});
const schema = { teams };

let client: PGlite;
let db: Database<typeof schema>;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client, { schema }) as unknown as Database<typeof schema>;
  await db.execute(sql`create schema club`);
  await db.execute(sql`create table club.teams (id uuid primary key default gen_random_uuid(),
    name text not null, updated_at timestamptz not null default now())`);
});
afterAll(async () => {
  await client.close();
});

const OLD = new Date('2026-01-01T00:00:00Z');

describe('row writes', () => {
  it('when a row is patched by id, then the patch and a new updated_at are written and the row answered', async () => {
    const [team] = await db.insert(teams).values({ name: 'Riverside', updatedAt: OLD }).returning();

    const written = await updateById(db, teams, team!.id, { name: 'Riverside FC' });

    expect(written?.name).toBe('Riverside FC');
    expect(written!.updatedAt.getTime()).toBeGreaterThan(OLD.getTime());
  });

  it('when no row has the id, then the patch answers undefined', async () => {
    const written = await updateById(db, teams, '00000000-0000-4000-8000-000000000000', {
      name: 'Nobody',
    });

    expect(written).toBeUndefined();
  });

  it('when a row is inserted twice, then only the first insert answers that it added it', async () => {
    const id = '11111111-1111-4111-8111-111111111111';

    expect(await insertIfNew(db, teams, { id, name: 'Hillside' })).toBe(true);
    expect(await insertIfNew(db, teams, { id, name: 'Hillside again' })).toBe(false);
    const [row] = await db.select().from(teams).where(eq(teams.id, id));
    expect(row?.name).toBe('Hillside');
  });

  it('when rows are deleted, then the delete answers whether it found one', async () => {
    const [team] = await db.insert(teams).values({ name: 'Lakeside' }).returning();

    expect(await deleteWhere(db, teams, { id: team!.id })).toBe(true);
    expect(await deleteWhere(db, teams, { id: team!.id })).toBe(false);
  });

  it('when a delete names several columns, then only rows holding all their values go; naming none is refused', async () => {
    const [a, b] = await db
      .insert(teams)
      .values([{ name: 'Riverside' }, { name: 'Riverside' }])
      .returning();

    expect(await deleteWhere(db, teams, { id: a!.id, name: 'Seaside' })).toBe(false);
    expect(await deleteWhere(db, teams, { id: a!.id, name: 'Riverside' })).toBe(true);
    await expect(deleteWhere(db, teams, {})).rejects.toThrow('at least one column');
    const left = await db.select().from(teams).where(eq(teams.name, 'Riverside'));
    expect(left.map((row) => row.id)).toEqual([b!.id]);
  });
});
