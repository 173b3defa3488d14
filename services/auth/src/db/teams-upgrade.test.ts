/**
 * The upgrade that brings teams: a club's auth database from before them (its members, admins,
 * an invitation, a member who left) started with this code gets exactly one team holding every
 * active member, club admins as its coaches; on PGlite (a data folder) and on PostgreSQL alike.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_APP_TITLE } from '@teamapp/contracts';
import { openDatabase, outboxTable } from '@teamapp/service-kit';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { ADMIN, publishedJobs, startAuth, type AuthHarness } from '../../test/harness';
import { hashPassword } from '../domain/passwords';

jest.setTimeout(120_000);

const MIGRATIONS = path.join(__dirname, 'migrations');
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The migrations as they were before teams (up to 0004). */
function migrationsBeforeTeams(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'teamapp-auth-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 4);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** The club before teams: two admins, two players, an invitation and a member who left. */
const PEOPLE = [
  { email: ADMIN.email, role: 'admin', active: true, invited: false },
  { email: 'second.admin@club.test', role: 'admin', active: true, invited: false },
  { email: 'pat@club.test', role: 'player', active: true, invited: false },
  { email: 'sam@club.test', role: 'player', active: true, invited: false },
  { email: 'invited@club.test', role: 'player', active: true, invited: true },
  { email: 'left@club.test', role: 'player', active: false, invited: false },
];

async function populate(where: { url?: string; dataDir: string }) {
  const folder = migrationsBeforeTeams();
  const handle = await openDatabase({
    url: where.url,
    dataDir: where.dataDir,
    // The outbox auth kept then (now created by service-kit, not by a migration).
    schema: { outbox: outboxTable(pgSchema('auth')) },
    migrationsFolder: folder,
    migrationsSchema: 'auth',
  });
  try {
    const hash = await hashPassword(ADMIN.password);
    for (const p of PEOPLE) {
      await handle.db.execute(sql`
        insert into auth.users (name, email, password_hash, role, is_active, must_change_password, invited_at, temp_password_expires_at)
        values (${p.email.split('@')[0]}, ${p.email}, ${hash}, ${p.role}, ${p.active}, ${p.invited},
          ${p.invited ? sql`now()` : null}, ${p.invited ? sql`now() + interval '7 days'` : null})`);
    }
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function rows<T>(h: AuthHarness, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.service.base.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `copies`: every instance on the database; any of their relays may move its outbox's rows. */
async function expectOneTeamOfEveryActiveMember(h: AuthHarness, copies: AuthHarness[] = [h]) {
  const teams = await rows<{ id: string; name: string; named_after_club: boolean }>(
    h,
    sql`select id, name, named_after_club from auth.teams`,
  );
  expect(teams).toEqual([
    { id: expect.any(String), name: DEFAULT_APP_TITLE, named_after_club: true },
  ]);
  const members = await rows<{ email: string; role: string }>(
    h,
    sql`select u.email, m.role from auth.team_members m join auth.users u on u.id = m.user_id
        where m.team_id = ${teams[0]!.id} order by u.email`,
  );
  expect(members).toEqual(
    PEOPLE.filter((p) => p.active)
      .map((p) => ({ email: p.email, role: p.role === 'admin' ? 'coach' : 'player' }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  );
  // The services are told of the team, and of each member with their place in it (once every
  // copy's relay has moved what it took: a row another copy holds is skipped by this one's).
  await Promise.all(copies.map((copy) => copy.service.base.relay.flush()));
  const [announced] = await publishedJobs(h, 'events-teams');
  expect(announced).toMatchObject({ teamId: teams[0]!.id, team: { name: DEFAULT_APP_TITLE } });
  const pat = (await publishedJobs(h, 'members')).filter(
    (e) => e.member?.email === 'pat@club.test',
  );
  expect(pat.at(-1)?.member?.teams).toEqual([{ teamId: teams[0]!.id, role: 'player' }]);
}

describe('on PGlite', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-auth-upgrade-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when a database from before teams is started with teams, then it has exactly one team of every active member, and a restart adds none', async () => {
    await populate({ dataDir: path.join(dataDir, 'auth') });

    // PGlite in this folder, even in a run whose other tests use PostgreSQL.
    const onPglite = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    const first = await startAuth(onPglite);
    try {
      await expectOneTeamOfEveryActiveMember(first);
    } finally {
      await first.close();
    }
    const again = await startAuth(onPglite);
    try {
      expect(await rows(again, sql`select id from auth.teams`)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

describe('on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(PG_URL);
  });
  afterAll(() => database?.drop());

  it('when two instances start together on a database from before teams, then it has exactly one team of every active member', async () => {
    await populate({ url: database.url, dataDir: 'memory://' });

    // Copies of a service share its database and its queues (one Redis prefix), as deployed.
    const shared = { DATABASE_URL: database.url!, REDIS_PREFIX: testRedisPrefix() };
    const [one, two] = await Promise.all([startAuth(shared), startAuth(shared)]);
    try {
      await expectOneTeamOfEveryActiveMember(one, [one, two]);
      await expectOneTeamOfEveryActiveMember(two, [one, two]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
