/**
 * The upgrade that brings teams, across the platform (reference "Teams (added)"): a populated
 * club from before teams (pre-teams-club.ts) started with this code, on PGlite and on
 * PostgreSQL. Auth makes the first team, named after the club's app title (content's branding
 * reaches auth through the queues), holding every active member with club admins as coaches;
 * events, chat, content and tasks learn the team and each member's place in it through auth's
 * outbox. Every row of every service is still there, every event, news post and room stays
 * club-wide, the team room of the only team stays hidden, and each member reads the same
 * schedule, rooms, messages, posts and tasks as before; the member who left reads nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEMBER_EVENT_QUEUES, TEAM_EVENT_QUEUES } from '@teamapp/contracts';
import {
  createTestDatabase,
  drained,
  eventually,
  startServiceHarness,
  testRedisPrefix,
  type HarnessedService,
  type ServiceHarness,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import { sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import { ADMIN, bearer, startAuth, type AuthHarness } from '../../services/auth/test/harness';
import { createChatService } from '../../services/chat/src/app';
import { loadChatConfig } from '../../services/chat/src/config';
import { createContentService } from '../../services/content/src/app';
import { loadContentConfig } from '../../services/content/src/config';
import { createEventsService } from '../../services/events/src/app';
import { loadEventsConfig } from '../../services/events/src/config';
import { createTasksService } from '../../services/tasks/src/app';
import { loadTasksConfig } from '../../services/tasks/src/config';
import {
  CLUB_TITLE,
  PASSWORD,
  STORED_SERVICES,
  populatePreTeamsClub,
  preTeamsClub,
  rowsOf,
  storedRows,
  type ClubStore,
  type Person,
  type PreTeamsClub,
  type StoredRows,
  type StoredService,
} from './pre-teams-club';

jest.setTimeout(300_000);

const PG_URL =
  process.env.TEST_PG_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

type Harness = ServiceHarness<HarnessedService>;
type Execute = (query: SQL) => Promise<unknown>;

/** The platform's services on the club's store, sharing one Redis prefix (queues, sessions). */
interface Platform {
  auth: AuthHarness;
  events: Harness;
  chat: Harness;
  content: Harness;
  tasks: Harness;
  close: () => Promise<void>;
}

async function startPlatform(store: ClubStore): Promise<Platform> {
  const prefix = testRedisPrefix();
  const dataDir = store.url ? 'memory://' : store.dataDir;
  // The store given, left in place: PGlite's `<service>` folders or the PostgreSQL database.
  const database: TestDatabase = { url: store.url, dataDir, drop: async () => {} };
  const started: { close: () => Promise<void> }[] = [];
  const start = async <T extends { close: () => Promise<void> }>(harness: Promise<T>) => {
    const h = await harness;
    started.unshift(h);
    return h;
  };
  const other = <TConfig>(
    loadConfig: (env: Record<string, string | undefined>) => TConfig,
    create: (config: TConfig) => Promise<HarnessedService>,
    env: Record<string, string> = {},
  ) => start(startServiceHarness({ loadConfig, create, database, prefix, env }));
  try {
    const auth = await start(
      startAuth({ REDIS_PREFIX: prefix, DATA_DIR: dataDir, DATABASE_URL: store.url }),
    );
    const events = await other(loadEventsConfig, (c) => createEventsService(c), {
      CLUB_TIME_ZONE: 'America/Chicago',
      PUBLIC_URL: 'http://club.test',
    });
    const chat = await other(loadChatConfig, createChatService);
    const content = await other(loadContentConfig, (c) => createContentService(c), {
      EVENTS_INTERNAL_URL: 'http://127.0.0.1:9',
    });
    const tasks = await other(loadTasksConfig, (c) => createTasksService(c), {
      CLUB_TIME_ZONE: 'America/Chicago',
    });
    return {
      auth,
      events,
      chat,
      content,
      tasks,
      close: async () => {
        for (const h of started) await h.close();
      },
    };
  } catch (err) {
    for (const h of started) await h.close();
    throw err;
  }
}

const serviceOf = (platform: Platform, service: StoredService) =>
  service === 'auth' ? platform.auth : platform[service];

async function query<T>(platform: Platform, service: StoredService, q: SQL): Promise<T[]> {
  // Every service here stands on a foundation: its database is `base.db`.
  const { db } = serviceOf(platform, service).service.base as { db: { execute: Execute } };
  return ((await db.execute(q)) as { rows: T[] }).rows;
}

/**
 * Rows the upgrade adds to tables that were there before: the only team's own chat room, with
 * every active member in it.
 */
const ADDED_BY_UPGRADE: Record<string, (club: PreTeamsClub) => number> = {
  'chat.rooms': () => 1,
  'chat.room_members': (club) => activeOf(club).length,
};
/** The time of the latest member or team event a service kept: rewritten at each start. */
const rewritten = (table: string, column: string) =>
  column === 'changed_at' &&
  ['.members', '.teams', '.member_families'].some((kept) => table.endsWith(kept));

const activeOf = (club: PreTeamsClub) => Object.values(club.people).filter((p) => p.active);

/** Every row stored before is still there, its columns as they were, and only `added` more. */
function expectEveryRowKept(
  before: StoredRows,
  after: StoredRows,
  added: (table: string) => number = () => 0,
) {
  for (const [table, rows] of Object.entries(before)) {
    const now = after[table];
    expect({ table, present: now !== undefined }).toEqual({ table, present: true });
    expect({ table, count: now!.length }).toEqual({ table, count: rows.length + added(table) });
    const oldColumns = (row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.keys(rows[0] ?? {})
          .filter((c) => !rewritten(table, c))
          .map((c) => [c, row[c]]),
      );
    expect({ table, rows: now!.map(oldColumns) }).toEqual({
      table,
      rows: expect.arrayContaining(rows.map(oldColumns)),
    });
  }
}

/** Every service's rows as the running platform has them. */
async function platformRows(platform: Platform): Promise<StoredRows> {
  let all: StoredRows = {};
  for (const service of STORED_SERVICES) {
    const run = (q: SQL) => query(platform, service, q).then((rows) => ({ rows }));
    all = { ...all, ...(await rowsOf(run, service)) };
  }
  return all;
}

/** Signs in through auth; the token works in every service (one Redis prefix). */
async function signIn(platform: Platform, who: Person): Promise<string> {
  const res = await request(platform.auth.server)
    .post('/api/auth/login')
    .send({ email: who.email, password: PASSWORD });
  expect({ who: who.email, status: res.status }).toEqual({ who: who.email, status: 200 });
  return res.body.token as string;
}

/** Waits until every service knows the first team and each active member's place in it. */
async function teamsLearned(platform: Platform, club: PreTeamsClub, teamId: string) {
  const active = activeOf(club);
  const roleOf = (p: Person) => (p.role === 'admin' ? 'coach' : 'player');
  const expected = new Map(active.map((p) => [p.id, `${teamId}:${roleOf(p)}`]));
  const placesOf = (teams: unknown) =>
    Array.isArray(teams)
      ? (teams as { teamId: string; role: string }[]).map((t) => `${t.teamId}:${t.role}`).join()
      : null;
  for (const service of ['events', 'chat', 'content', 'tasks'] as const) {
    await eventually(
      async () => {
        const members = await query<{ user_id: string; teams: unknown }>(
          platform,
          service,
          sql`select user_id, teams from ${sql.identifier(service)}.members where active`,
        );
        const known =
          members.length === active.length &&
          members.every((m) => placesOf(m.teams) === expected.get(m.user_id));
        if (!known || service === 'tasks') return known;
        const teams = await query<{ team_id: string; name: string; archived: boolean }>(
          platform,
          service,
          sql`select team_id, name, archived from ${sql.identifier(service)}.teams`,
        );
        return (
          teams.length === 1 &&
          teams[0]!.team_id === teamId &&
          teams[0]!.name === CLUB_TITLE &&
          !teams[0]!.archived
        );
      },
      { timeoutMs: 60_000, intervalMs: 200, what: `${service} to learn the first team` },
    );
  }
}

const get = (h: { server: Parameters<typeof request>[0] }, url: string, token: string) =>
  request(h.server).get(url).set(bearer(token));

/** What each member reads after the upgrade, against what the club held before it. */
async function expectSameReads(platform: Platform, club: PreTeamsClub, teamId: string) {
  const { people: p, events: e, rooms: r, news, tasks } = club;
  const readers = [p.admin, p.secondAdmin, p.pat, p.sam];
  const tokens = new Map<Person, string>();
  for (const who of readers) tokens.set(who, await signIn(platform, who));
  const token = (who: Person) => tokens.get(who)!;

  // The one who left reads nothing: they cannot sign in.
  const refused = await request(platform.auth.server)
    .post('/api/auth/login')
    .send({ email: p.left.email, password: PASSWORD });
  expect(refused.status).toBe(401);

  // The first team, as every member reads it: every active member, club admins coaching it.
  for (const who of readers) {
    const res = await get(platform.auth, '/api/teams', token(who));
    expect(res.status).toBe(200);
    expect(res.body.teams).toEqual([
      expect.objectContaining({
        id: teamId,
        name: CLUB_TITLE,
        archived: false,
        memberCount: activeOf(club).length,
        myRole: who.role === 'admin' ? 'coach' : 'player',
      }),
    ]);
  }
  const roster = await get(platform.auth, `/api/teams/${teamId}/members`, token(p.admin));
  expect(roster.status).toBe(200);
  expect(
    (roster.body.members as { userId: string; role: string }[])
      .map((m) => ({ userId: m.userId, role: m.role }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
  ).toEqual(
    activeOf(club)
      .map((m) => ({ userId: m.id, role: m.role === 'admin' ? 'coach' : 'player' }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
  );

  // The schedule: every event for every member, club-wide as before, with its answers.
  const allEvents = Object.values(e).sort();
  const schedules = new Map<Person, unknown[]>();
  for (const who of readers) {
    const res = await get(platform.events, '/api/events', token(who));
    expect(res.status).toBe(200);
    const list = res.body.events as {
      id: string;
      teamId?: string | null;
      team?: unknown;
      attendees: { user_id: string; status: string }[];
      counts: Record<string, number>;
      result?: { ours: number; theirs: number } | null;
      away?: unknown;
    }[];
    expect({ who: who.email, events: list.map((x) => x.id).sort() }).toEqual({
      who: who.email,
      events: allEvents,
    });
    for (const event of list) {
      expect(event.teamId ?? null).toBeNull();
      expect(event.team ?? null).toBeNull();
    }
    const training = list.find((x) => x.id === e.training)!;
    const social = list.find((x) => x.id === e.social)!;
    // The same answers for everyone in the counts; an admin sees who gave them, a player only
    // their own (in `mine`, the list's per-caller part).
    expect(training.counts).toMatchObject({ attending: 1, 'not-attending': 1 });
    if (who.role === 'admin') {
      expect(training.attendees).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ user_id: p.pat.id, status: 'attending' }),
          expect.objectContaining({ user_id: p.sam.id, status: 'not-attending' }),
        ]),
      );
      expect(social.attendees).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ user_id: p.sam.id, status: 'not-attending', auto: true }),
        ]),
      );
    } else {
      const mine = (res.body.mine ?? {}) as Record<string, { user_id: string; status: string }>;
      expect(Object.values(mine).every((a) => a.user_id === who.id)).toBe(true);
      if (who === p.pat) expect(mine[e.training]).toMatchObject({ status: 'attending' });
      if (who === p.sam) {
        expect(mine[e.training]).toMatchObject({ status: 'not-attending' });
        expect(mine[e.social]).toMatchObject({ status: 'not-attending', auto: true });
      }
    }
    expect(list.find((x) => x.id === e.pastGame)!.result).toMatchObject({ ours: 3, theirs: 1 });
    // Every member reads each event as the club admin does, apart from who answered (admins
    // alone see every answer and who is away).
    schedules.set(
      who,
      list.map(({ away: _away, attendees: _attendees, ...rest }) => rest),
    );
  }
  for (const who of readers) expect(schedules.get(who)).toEqual(schedules.get(p.admin));
  // An absence is its member's own; attendance and the season's figures as recorded.
  const away = await get(platform.events, '/api/availability', token(p.sam));
  expect(away.body.data).toEqual([
    expect.objectContaining({ id: club.absence, is_available: false, reason: 'Holiday' }),
  ]);
  expect((await get(platform.events, '/api/availability', token(p.pat))).body.data).toEqual([]);
  const attendance = await get(platform.events, '/api/attendance', token(p.admin));
  expect(attendance.status).toBe(200);
  const game = (attendance.body.data as { id: string }[]).find((x) => x.id === e.pastGame);
  expect(game).toBeDefined();
  const stats = await get(platform.events, '/api/events/stats', token(p.admin));
  expect(stats.status).toBe(200);
  expect(stats.body.data.team).toMatchObject({ played: 1 });
  expect(stats.body.data.members).toEqual(
    expect.arrayContaining([expect.objectContaining({ userId: p.pat.id, games: 1, goals: 2 })]),
  );
  // Pat's calendar feed keeps its secret address and lists the club's events.
  const feed = await get(platform.events, '/api/calendar/feed', token(p.pat));
  expect(feed.body.data.url).toContain(club.feedToken);
  const ics = await request(platform.events.server).get(new URL(feed.body.data.url).pathname);
  expect(ics.status).toBe(200);
  expect(ics.text).toContain('Shooting drills');

  // Chat: each member's rooms are the rooms they were in; the team room stays hidden.
  const roomsOf: [Person, string[]][] = [
    [p.admin, [r.club, r.patAndAlex, r.coaches]],
    [p.secondAdmin, [r.club, r.coaches]],
    [p.pat, [r.club, r.patAndAlex]],
    [p.sam, [r.club, r.coaches]],
  ];
  const creatorOf = { [r.club]: p.admin, [r.patAndAlex]: p.admin, [r.coaches]: p.secondAdmin };
  const messagesIn = { [r.club]: 3, [r.patAndAlex]: 2, [r.coaches]: 2 };
  for (const [who, rooms] of roomsOf) {
    const res = await get(platform.chat, '/api/chat', token(who));
    expect(res.status).toBe(200);
    const list = res.body.chatRooms as {
      id: string;
      unreadCount: number;
      teamRoom: boolean;
      teamId: string | null;
    }[];
    expect({ who: who.email, rooms: list.map((x) => x.id).sort() }).toEqual({
      who: who.email,
      rooms: [...rooms].sort(),
    });
    for (const room of list) {
      expect(room).toMatchObject({ teamRoom: false, teamId: null });
      // As stored: nothing unread for the room's creator, two messages for the others.
      expect(room.unreadCount).toBe(creatorOf[room.id] === who ? 0 : 2);
    }
    for (const roomId of Object.keys(messagesIn)) {
      const messages = await get(platform.chat, `/api/chat/${roomId}/messages`, token(who));
      if (rooms.includes(roomId)) {
        expect(messages.status).toBe(200);
        expect(messages.body.messages).toHaveLength(messagesIn[roomId]!);
      } else {
        expect({ who: who.email, roomId, status: messages.status }).toEqual({
          who: who.email,
          roomId,
          status: 404,
        });
      }
    }
  }
  // The team's own room holds every active member, and nobody's list shows it.
  const teamRoom = await query<{ id: string; name: string }>(
    platform,
    'chat',
    sql`select id, name from chat.rooms where team_room and team_id = ${teamId}`,
  );
  expect(teamRoom).toEqual([{ id: expect.any(String), name: CLUB_TITLE }]);
  const inTeamRoom = await query<{ user_id: string }>(
    platform,
    'chat',
    sql`select user_id from chat.room_members where room_id = ${teamRoom[0]!.id}`,
  );
  expect(inTeamRoom.map((m) => m.user_id).sort()).toEqual(
    activeOf(club)
      .map((m) => m.id)
      .sort(),
  );

  // News: both posts, club-wide, for every member; notifications as they were.
  for (const who of readers) {
    const res = await get(platform.content, '/api/news', token(who));
    expect(res.status).toBe(200);
    const posts = res.body.data as { id: string; teamId?: string | null }[];
    expect(posts.map((x) => x.id)).toEqual([news.pinned, news.plain]);
    for (const post of posts) expect(post.teamId ?? null).toBeNull();
    const unread = await get(platform.content, '/api/notifications/unread-count', token(who));
    expect(unread.status).toBe(200);
    expect(unread.body.data.count).toBe(who === p.pat ? 0 : 1);
    const notes = await get(platform.content, '/api/notifications', token(who));
    expect(notes.body.data).toEqual([expect.objectContaining({ title: 'Kit collection' })]);
  }
  const settings = await get(platform.content, '/api/settings', token(p.pat));
  expect(settings.body.data).toMatchObject({ appTitle: CLUB_TITLE });

  // Tasks: the club board as it was.
  const board = await get(platform.tasks, '/api/club-tasks', token(p.admin));
  expect(board.status).toBe(200);
  expect((board.body.tasks as { id: string }[]).map((t) => t.id).sort()).toEqual(
    [tasks.kit, tasks.fees].sort(),
  );
}

async function upgradeAndCheck(store: ClubStore) {
  const club = preTeamsClub(ADMIN.email);
  await populatePreTeamsClub(store, club);
  const before = await storedRows(store);

  let upgraded: StoredRows = {};
  const platform = await startPlatform(store);
  try {
    const [team] = await query<{ id: string }>(platform, 'auth', sql`select id from auth.teams`);
    expect(team).toBeDefined();
    await teamsLearned(platform, club, team!.id);

    expectEveryRowKept(before, await platformRows(platform), (table) =>
      ADDED_BY_UPGRADE[table] ? ADDED_BY_UPGRADE[table](club) : 0,
    );
    // Auth renamed the first team after the club's own title once content told it.
    const teams = await query<{ name: string; named_after_club: boolean }>(
      platform,
      'auth',
      sql`select name, named_after_club from auth.teams`,
    );
    expect(teams).toEqual([{ name: CLUB_TITLE, named_after_club: true }]);
    // The member who left is in no team, and no service gave them one.
    expect(
      await query(
        platform,
        'auth',
        sql`select 1 from auth.team_members where user_id = ${club.people.left.id}`,
      ),
    ).toEqual([]);
    for (const service of ['events', 'chat', 'content', 'tasks'] as const) {
      expect(
        await query(
          platform,
          service,
          sql`select active, teams from ${sql.identifier(service)}.members where user_id = ${club.people.left.id}`,
        ),
      ).toEqual([{ active: false, teams: null }]);
    }

    await expectSameReads(platform, club, team!.id);
    upgraded = await platformRows(platform);
  } finally {
    await platform.close();
  }

  // Started again, the platform makes no second team, team room or membership, and loses nothing.
  const again = await startPlatform(store);
  try {
    await again.auth.service.base.relay.flush();
    for (const queue of [...MEMBER_EVENT_QUEUES, ...TEAM_EVENT_QUEUES]) {
      await drained(again.auth.queues.queue(queue), 60_000);
    }
    const rows = await platformRows(again);
    expectEveryRowKept(upgraded, rows);
    // Among them the one team, its memberships and its hidden chat room, once each.
    expect(rows['auth.teams']).toHaveLength(1);
  } finally {
    await again.close();
  }
}

describe('on PGlite', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-teams-upgrade-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when a populated club from before teams starts with teams, then every row is kept, every member reads what they read before, and a restart adds nothing', async () => {
    await upgradeAndCheck({ url: undefined, dataDir });
  });
});

describe('on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(PG_URL);
  });
  afterAll(() => database?.drop());

  it('when a populated club from before teams starts with teams, then every row is kept, every member reads what they read before, and a restart adds nothing', async () => {
    await upgradeAndCheck({ url: database.url, dataDir: 'memory://' });
  });
});
