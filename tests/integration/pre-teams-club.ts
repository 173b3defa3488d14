/**
 * A club as the platform kept it before teams (reference "Teams (added)"): every service's
 * database migrated up to the last migration before teams, then filled with plain SQL the way the
 * services of that time wrote it. Members (club admins, players, one invited, one who left),
 * events of every type with answers, attendance, a result with scorers, reminders sent and an
 * absence answering for a member, a calendar feed, chat rooms (the club room, a private
 * conversation, a private group) with messages and unread counts, news posts, notifications, the
 * club's settings under its own app title, and tasks. Also: every row of every table, to find
 * each one again after the upgrade.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, outboxTable } from '@teamapp/service-kit';
import { sql, type SQL } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../services/auth/src/domain/passwords';

/** The services that keep a database, each with the first migration that brought teams. */
export const FIRST_TEAMS_MIGRATION = {
  auth: '0005_teams',
  events: '0002_member_teams',
  chat: '0002_member_teams',
  content: '0006_team_news',
  tasks: '0001_member_teams',
} as const;
export type StoredService = keyof typeof FIRST_TEAMS_MIGRATION;
export const STORED_SERVICES = Object.keys(FIRST_TEAMS_MIGRATION) as StoredService[];

/** Where the club is kept: a PostgreSQL database (every service's schema in it), or PGlite. */
export interface ClubStore {
  /** PostgreSQL URL; undefined for PGlite. */
  url: string | undefined;
  /** PGlite: the DATA_DIR whose `<service>` folders hold each database. */
  dataDir: string;
}

/** A service's migrations as they were before teams (a copy whose journal stops before them). */
function migrationsBeforeTeams(service: StoredService): string {
  const source = path.join(__dirname, '..', '..', 'services', service, 'src', 'db', 'migrations');
  const folder = mkdtempSync(path.join(os.tmpdir(), `teamapp-${service}-migrations-`));
  cpSync(source, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const first = journal.entries.find((e) => e.tag === FIRST_TEAMS_MIGRATION[service]);
  if (!first) throw new Error(`${service} has no migration ${FIRST_TEAMS_MIGRATION[service]}`);
  journal.entries = journal.entries.filter((e) => e.idx < first.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

type Execute = (query: SQL) => Promise<unknown>;

/** Runs `fill` on the service's database migrated up to the last migration before teams. */
async function atOldSchema(
  store: ClubStore,
  service: StoredService,
  fill: (run: Execute) => Promise<void>,
) {
  const folder = migrationsBeforeTeams(service);
  const handle = await openDatabase({
    url: store.url,
    dataDir: store.url ? 'memory://' : path.join(store.dataDir, service),
    // The outbox every service kept then (now created by service-kit, not by a migration).
    schema: { outbox: outboxTable(pgSchema(service)) },
    migrationsFolder: folder,
    migrationsSchema: service,
  });
  try {
    await fill((query) => handle.db.execute(query));
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export const CLUB_TITLE = 'Riverside FC';
/** Every member signs in with this password (one hash for all). */
export const PASSWORD = 'Coach!Pass1';

export interface Person {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'player';
  active: boolean;
  /** Invited, still to choose a password. */
  invited: boolean;
}

const person = (
  key: string,
  role: Person['role'],
  options: { active?: boolean; invited?: boolean; email?: string } = {},
): Person => ({
  id: randomUUID(),
  name: key[0]!.toUpperCase() + key.slice(1),
  email: options.email ?? `${key}@club.test`,
  role,
  active: options.active ?? true,
  invited: options.invited ?? false,
});

/** The club before teams, with the ids its rows were given. */
export function preTeamsClub(adminEmail: string) {
  const people = {
    admin: person('alex', 'admin', { email: adminEmail }),
    secondAdmin: person('blair', 'admin'),
    pat: person('pat', 'player'),
    sam: person('sam', 'player'),
    invited: person('ivy', 'player', { invited: true }),
    left: person('lee', 'player', { active: false }),
  };
  const id = () => randomUUID();
  const events = {
    pastGame: id(),
    pastTraining: id(),
    training: id(),
    seriesOne: id(),
    seriesTwo: id(),
    meeting: id(),
    social: id(),
  };
  const rooms = { club: id(), patAndAlex: id(), coaches: id() };
  const news = { pinned: id(), plain: id() };
  const tasks = { kit: id(), fees: id() };
  return {
    people,
    events,
    series: id(),
    absence: id(),
    rooms,
    news,
    tasks,
    /** A calendar feed's secret, as the service of the time made them. */
    feedToken: randomBytes(24).toString('base64url'),
  };
}
export type PreTeamsClub = ReturnType<typeof preTeamsClub>;

const days = (n: number) => sql`now() + ${`${n} days`}::interval`;

/** Fills every service's database with the club, each at its schema from before teams. */
export async function populatePreTeamsClub(store: ClubStore, club: PreTeamsClub): Promise<void> {
  const everyone = Object.values(club.people);
  const active = everyone.filter((p) => p.active);
  const { people: p, events: e, rooms: r } = club;
  const hash = await hashPassword(PASSWORD);

  await atOldSchema(store, 'auth', async (run) => {
    for (const m of everyone) {
      await run(sql`
        insert into auth.users (id, name, email, password_hash, role, is_active,
          must_change_password, invited_at, temp_password_expires_at, last_login_at)
        values (${m.id}, ${m.name}, ${m.email}, ${hash}, ${m.role}, ${m.active}, ${m.invited},
          ${m.invited ? days(-1) : null}, ${m.invited ? days(6) : null},
          ${m.invited ? null : days(-2)})`);
    }
  });

  // The member lists the services kept from auth's member events (the one who left: inactive).
  const memberCopies = async (run: Execute, schema: 'events' | 'chat' | 'tasks') => {
    for (const m of everyone) {
      await run(sql`
        insert into ${sql.identifier(schema)}.members (user_id, name, email, role, active, changed_at)
        values (${m.id}, ${m.name}, ${m.email}, ${m.role}, ${m.active}, ${days(-1)})`);
    }
  };

  await atOldSchema(store, 'events', async (run) => {
    await memberCopies(run, 'events');
    await run(sql`
      insert into events.series (id, weekdays, count) values (${club.series}, array['TU'], 2)`);
    const event = (
      eventId: string,
      title: string,
      type: string,
      when: number,
      extra: { series?: boolean; required?: boolean } = {},
    ) =>
      run(sql`
        insert into events.events (id, series_id, title, description, event_date, location, type,
          is_required, created_by)
        values (${eventId}, ${extra.series ? club.series : null}, ${title}, ${`About ${title}`},
          ${days(when)}, 'Main Field', ${type}, ${extra.required ?? false}, ${p.admin.id})`);
    await event(e.pastGame, 'Derby', 'game', -7, { required: true });
    await event(e.pastTraining, 'Recovery session', 'training', -5);
    await event(e.training, 'Shooting drills', 'training', 3);
    await event(e.seriesOne, 'Tuesday training', 'training', 8, { series: true });
    await event(e.seriesTwo, 'Tuesday training', 'training', 15, { series: true });
    await event(e.meeting, 'Season planning', 'meeting', 5);
    await event(e.social, 'Club barbecue', 'social', 12);

    // Sam is away over the barbecue: the absence answered for him.
    await run(sql`
      insert into events.availability (id, user_id, start_date, end_date, is_available, reason)
      values (${club.absence}, ${p.sam.id}, (${days(11)})::date, (${days(13)})::date, false, 'Holiday')`);
    const rsvp = (
      eventId: string,
      who: Person,
      status: string,
      extra: SQL = sql`false, null, null`,
    ) =>
      run(sql`
        insert into events.rsvps (event_id, user_id, status, auto, availability_id, reason)
        values (${eventId}, ${who.id}, ${status}, ${extra})`);
    await rsvp(e.pastGame, p.pat, 'attending');
    await rsvp(e.pastGame, p.left, 'attending');
    await rsvp(e.pastGame, p.sam, 'maybe');
    await rsvp(e.training, p.pat, 'attending');
    await rsvp(e.training, p.sam, 'not-attending', sql`false, null, 'Working late'`);
    await rsvp(e.meeting, p.secondAdmin, 'attending');
    await rsvp(e.social, p.sam, 'not-attending', sql`true, ${club.absence}, 'Holiday'`);

    for (const [who, presence] of [
      [p.pat, 'present'],
      [p.sam, 'late'],
      [p.left, 'present'],
      [p.invited, 'absent'],
    ] as const) {
      await run(sql`
        insert into events.attendance (event_id, user_id, presence, recorded_by)
        values (${e.pastGame}, ${who.id}, ${presence}, ${p.admin.id})`);
    }
    await run(sql`
      insert into events.attendance (event_id, user_id, presence, recorded_by)
      values (${e.pastTraining}, ${p.pat.id}, 'excused', ${p.secondAdmin.id})`);
    await run(sql`
      insert into events.results (event_id, ours, theirs, recorded_by)
      values (${e.pastGame}, 3, 1, ${p.admin.id})`);
    await run(sql`
      insert into events.scorers (event_id, user_id, goals, assists)
      values (${e.pastGame}, ${p.pat.id}, 2, 0), (${e.pastGame}, ${p.left.id}, 1, 1),
             (${e.pastGame}, ${p.sam.id}, 0, 2)`);
    for (const who of [p.pat, p.sam]) {
      await run(sql`
        insert into events.reminders_sent (event_id, user_id, step, starts_at)
        select id, ${who.id}, '72h', event_date from events.events where id = ${e.training}`);
    }
    await run(sql`
      insert into events.calendar_feeds (user_id, token) values (${p.pat.id}, ${club.feedToken})`);
  });

  await atOldSchema(store, 'chat', async (run) => {
    await memberCopies(run, 'chat');
    const room = (roomId: string, name: string, type: string, by: Person, members: Person[]) =>
      run(sql`
        insert into chat.rooms (id, name, description, type, created_by, created_at, last_message_at)
        values (${roomId}, ${name}, ${`The ${name} room`}, ${type}, ${by.id}, ${days(-30)}, ${days(-1)})`).then(
        async () => {
          for (const m of members) {
            await run(sql`
              insert into chat.room_members (room_id, user_id, unread_count, joined_at, offline_notified)
              values (${roomId}, ${m.id}, ${m === by ? 0 : 2}, ${days(-30)}, ${m === p.sam})`);
          }
        },
      );
    // The club room holds every active member (the one who left was taken out of it).
    await room(r.club, 'Everyone', 'group', p.admin, active);
    await room(r.patAndAlex, 'Pat and Alex', 'private', p.admin, [p.admin, p.pat]);
    await room(r.coaches, 'Coaches corner', 'private', p.secondAdmin, [
      p.secondAdmin,
      p.admin,
      p.sam,
    ]);
    const message = (roomId: string, from: Person, content: string, ago: number) =>
      run(sql`
        insert into chat.messages (room_id, sender_id, content, client_id, created_at)
        values (${roomId}, ${from.id}, ${content}, ${randomUUID()}, now() - ${`${ago} minutes`}::interval)`);
    await message(r.club, p.left, 'Thanks for the season, all', 90);
    await message(r.club, p.admin, 'Welcome to the new season', 60);
    await message(r.club, p.pat, 'See you Tuesday', 30);
    await message(r.patAndAlex, p.pat, 'Can I miss Thursday?', 50);
    await message(r.patAndAlex, p.admin, 'Yes, thanks for saying', 40);
    await message(r.coaches, p.secondAdmin, 'Line-up for Saturday?', 20);
    await message(r.coaches, p.sam, 'I can help with the kit', 10);
  });

  await atOldSchema(store, 'content', async (run) => {
    for (const m of everyone) {
      await run(sql`
        insert into content.members (user_id, name, active, joined_at, changed_at)
        values (${m.id}, ${m.name}, ${m.active}, ${days(-60)}, ${days(-1)})`);
    }
    await run(sql`
      insert into content.settings (id, app_title, header_color, logo_background, updated_at)
      values (1, ${CLUB_TITLE}, '#0b7285', 'transparent', ${days(-20)})`);
    await run(sql`
      insert into content.news (id, title, content, is_pinned, author_id, created_at, updated_at)
      values (${club.news.pinned}, 'Kit collection', '<p>Collect your kit on Friday.</p>', true,
                ${p.admin.id}, ${days(-10)}, ${days(-10)}),
             (${club.news.plain}, 'Derby won', '<p>Three goals on Saturday.</p>', false,
                ${p.secondAdmin.id}, ${days(-6)}, ${days(-6)})`);
    for (const m of active) {
      await run(sql`
        insert into content.notifications (user_id, title, message, is_read, job_id)
        values (${m.id}, 'Kit collection', 'Collect your kit on Friday.', ${m === p.pat}, 'news-kit')`);
    }
  });

  await atOldSchema(store, 'tasks', async (run) => {
    await memberCopies(run, 'tasks');
    await run(sql`
      insert into tasks.tasks (id, title, description, category, priority, status, assignee,
        assignee_id, due_date, position, created_by)
      values (${club.tasks.kit}, 'Order new kit', 'Home and away', 'equipment', 'high',
                'in-progress', ${p.pat.name}, ${p.pat.id}, (${days(4)})::date, 0, ${p.admin.id}),
             (${club.tasks.fees}, 'Collect fees', '', 'finances', 'medium', 'backlog',
                ${p.left.name}, ${p.left.id}, null, 0, ${p.admin.id})`);
    await run(sql`
      insert into tasks.reminders_sent (task_id, user_id, due_date)
      values (${club.tasks.kit}, ${p.pat.id}, (${days(4)})::date)`);
  });
}

/** Every row of every table of each service's schema (the migration journal and outbox aside). */
export type StoredRows = Record<string, Record<string, unknown>[]>;

/** The tables of a schema and their rows, read with `run` (which answers `{ rows }`). */
export async function rowsOf(
  run: (query: SQL) => Promise<{ rows: unknown[] }>,
  schema: StoredService,
): Promise<StoredRows> {
  const { rows: tables } = (await run(sql`
    select table_name as name from information_schema.tables
    where table_schema = ${schema} and table_type = 'BASE TABLE'
      and table_name not in ('__drizzle_migrations', 'outbox')
    order by table_name`)) as { rows: { name: string }[] };
  const out: StoredRows = {};
  for (const { name } of tables) {
    const { rows } = (await run(
      sql`select to_jsonb(t) as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
    )) as { rows: { row: Record<string, unknown> }[] };
    out[`${schema}.${name}`] = rows.map((x) => x.row);
  }
  return out;
}

/** Every service's rows as populated, read back at the old schema. */
export async function storedRows(store: ClubStore): Promise<StoredRows> {
  let all: StoredRows = {};
  for (const service of STORED_SERVICES) {
    await atOldSchema(store, service, async (run) => {
      all = {
        ...all,
        ...(await rowsOf((q) => run(q) as Promise<{ rows: unknown[] }>, service)),
      };
    });
  }
  return all;
}
