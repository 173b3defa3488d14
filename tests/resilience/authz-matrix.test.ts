/**
 * The authorization matrix. The routes are those the running services really
 * register: each service's GET /openapi.json, generated from its routers, lists them with the
 * `x-access` each route declares next to its definition (`access` in service-kit's openapi.ts).
 * Every route is called through the gateway as anonymous, as a player who owns the fixtures (A,
 * a player of "this team"), as another player (B, a player of another team), as the coach of this
 * team, as the coach of another team, as the guardian of a child of this team and the guardian of
 * another child (docs/reference.md "Families"), as an admin, and with forged tokens, and each
 * answer is checked against the declaration:
 * - refused for want of a sign-in: 401 (anonymous and every forged token);
 * - refused for the role: 403 (a player, or a coach, on a club admin route; player A on a route
 *   for the coaches of A's own team);
 * - refused as not the owner: 403, or 404 where the thing's existence is private to its owner
 *   (another member's availability entry, notification or private room); likewise refused as
 *   outside the thing's team (a coach or a player of another team, on a coach or team route);
 * - allowed: anything but 401 and 403, and never a 5xx (a 400 for the sample body still shows the
 *   guards let the caller through: validation runs after them).
 * Internal routes are checked not to be published by the gateway. A route without a declaration
 * fails, and so does one whose declaration differs from reference §6's table (support/spec-access.ts):
 * a route that lost its admin guard declares 'member' and its answers would match that. The
 * matrix is printed, route by caller.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSecretKey } from '@teamapp/service-kit';
import { eventually } from '@teamapp/service-kit/testing';
import sharp from 'sharp';
import { DRAINABLE_QUEUES, NOT_YOUR_CHILD } from '@teamapp/contracts';
import { builtServices, loadRegistry } from '@teamapp/platform/registry';
import { platformSettled } from '@teamapp/platform/settled';
import { answerLinkSigner } from '../../services/events/src/domain/answer-links';
import { forgeries, platformKeys } from './support/forged-tokens';
import { SPEC_ACCESS, type Access } from './support/spec-access';
import { ADMIN, startTestPlatform, type Member, type TestPlatform } from './support/harness';

/**
 * The callers who sign in. Two teams: "this team" (the club's first team, which player A joined,
 * and every fresh team the `team` fixture makes, with the same roster) coached by `coachThis`,
 * and another team, where player B plays and `coachOther` coaches. Both coaches are players of
 * the club. Two guardians in no team: `guardianThis`, of a child of this team (`children.this`,
 * and of every fresh `child` fixture), and `guardianOther`, of a child of the other team
 * (`children.other`).
 */
type Person =
  'playerA' | 'playerB' | 'coachThis' | 'coachOther' | 'guardianThis' | 'guardianOther' | 'admin';

interface Route {
  service: string;
  port: number;
  method: string;
  /** OpenAPI template: /api/events/{id} */
  path: string;
  access?: Access;
  note?: string;
  problem?: string;
}

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

let t: TestPlatform;
const routes: Route[] = [];
const people = {} as Record<Person, { member: Member; token: string }>;
const FORGED = [
  'alg-none',
  'hs256-public-key',
  'payload-changed',
  'other-key',
  'expired',
  'someone-elses-session',
  'revoked-session',
  'deleted-user',
] as const;
type Forged = (typeof FORGED)[number];
/** This team (player A's, coached by coachThis) and the other one (player B's, coachOther's). */
const teams = { this: '', other: '' };
/** A child without a login in each team: guardianThis's in this team, guardianOther's in the other. */
const children = { this: '', other: '' };
let revokedToken = '';
let deletedUserToken = '';

async function call(
  base: string,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; raw?: Buffer; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.raw) {
    body = new Uint8Array(options.raw);
    headers['Content-Type'] = options.contentType ?? 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${base}${urlPath}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, text, body: parsed };
}

const gateway = (method: string, urlPath: string, options?: Parameters<typeof call>[3]) =>
  call(t.url, method, urlPath, options);

async function expectOk(answer: Promise<Answer>, what: string): Promise<Record<string, unknown>> {
  const a = await answer;
  if (a.status >= 300) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
  return a.body as Record<string, unknown>;
}

/** A live token for the person: signed in again when an allowed call (logout) ended it. */
async function tokenOf(person: Person): Promise<string> {
  const current = people[person];
  const check = await gateway('GET', '/api/user/team', { token: current.token });
  if (check.status === 200) return current.token;
  current.token = await t.signIn(current.member.email, current.member.password);
  return current.token;
}

// ---- fixtures: fresh for every route, owned by player A where anything is owned ----

type Fixture =
  | 'event'
  | 'teamGame'
  | 'availability'
  | 'calendarToken'
  | 'answerLink'
  | 'task'
  | 'news'
  | 'teamNews'
  | 'notification'
  | 'room'
  | 'message'
  | 'user'
  | 'avatar'
  | 'mail'
  | 'session'
  | 'team'
  | 'thisTeam'
  | 'appIcon'
  | 'child'
  | 'guardian';

/** Which fixture fills a path parameter: `<first two path segments> {param}`. */
const PARAM_FIXTURES: Record<string, Fixture> = {
  '/api/events {id}': 'event',
  '/api/attendance {eventId}': 'event',
  '/api/availability {id}': 'availability',
  '/api/calendar {token}': 'calendarToken',
  '/api/events {token}': 'answerLink',
  '/api/calendar {teamId}': 'thisTeam',
  '/api/club-tasks {id}': 'task',
  '/api/news {id}': 'news',
  '/api/notifications {id}': 'notification',
  '/api/chat {id}': 'room',
  '/api/chat {messageId}': 'message',
  '/api/user {id}': 'user',
  '/api/user {childId}': 'child',
  '/api/user {guardianId}': 'guardian',
  '/uploads/avatars {file}': 'avatar',
  '/dev/mail {id}': 'mail',
  '/api/auth {id}': 'session',
  '/api/teams {id}': 'team',
  '/api/teams {userId}': 'user',
  '/api/settings {file}': 'appIcon',
};

/**
 * On a `coach` or `team` route, the fixture of a team's thing in place of the club-wide one:
 * the routes that run an event or a post are checked on a thing of this team, while RSVP and
 * the like keep the club-wide event every member answers.
 */
const TEAM_VARIANTS: Partial<Record<Fixture, Fixture>> = { event: 'teamGame', news: 'teamNews' };

/**
 * The fixtures that belong to this team, for `coach` and `team` routes: a route of either kind
 * must have one among its path's fixtures, or name this team in its sample body or query
 * (ROUTE_TEAMS). A service's fixture of a team's thing (an event, a post) is made in
 * `teams.this`.
 */
const TEAM_FIXTURES: ReadonlySet<Fixture> = new Set([
  'team',
  'thisTeam',
  'teamGame',
  'teamNews',
  'child',
]);
/** Routes whose thing's team is named in the sample body or query (teamId: teams.this). */
const ROUTE_TEAMS: ReadonlySet<string> = new Set([
  'post /api/email/send-invitation',
  'post /api/events',
  'get /api/events/conflicts',
  'get /api/attendance',
  'get /api/attendance/export.csv',
  'post /api/news',
  'post /api/chat',
  'post /api/user/children',
]);

/**
 * `coach` routes a child's guardian may call too (reading the child's guardians): guardianThis
 * is allowed there, guardianOther refused like anyone outside the team.
 */
const GUARDIAN_ROUTES: ReadonlySet<string> = new Set(['get /api/user/{childId}/guardians']);

/** Who owns each fixture, for `owner` routes (the route's last path parameter names it). */
const OWNERS: Partial<Record<Fixture, Person[]>> = {
  availability: ['playerA'],
  notification: ['playerA'],
  // A private room the admin opened with player A: both are its members, player B is not.
  room: ['playerA', 'admin'],
  message: ['playerA'],
  // Another signed-in device of player A's (not the session its calls use).
  session: ['playerA'],
};

let dayOffset = 0;
const futureDay = () => {
  dayOffset += 3;
  return new Date(Date.now() + (30 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
};

/** What a fixture waits for (a consumer's work, through the gateway) comes within 30 s. */
const within30s = (what: string) => ({ what, timeoutMs: 30_000, intervalMs: 250 });

async function createFixture(kind: Fixture, made: Partial<Record<Fixture, string>>) {
  const admin = await tokenOf('admin');
  const a = await tokenOf('playerA');
  switch (kind) {
    case 'event': {
      const body = await expectOk(
        gateway('POST', '/api/events', {
          token: admin,
          body: {
            title: 'Matrix training',
            eventDate: `${futureDay()}T18:00:00.000Z`,
            location: 'Main field',
            type: 'training',
          },
        }),
        'create event',
      );
      return (body.data as { events: { id: string }[] }).events[0]!.id;
    }
    case 'teamGame': {
      // A game of this team that has been played: its result and attendance may be taken.
      const body = await expectOk(
        gateway('POST', '/api/events', { token: admin, body: teamGameBody() }),
        'create team game',
      );
      return (body.data as { events: { id: string }[] }).events[0]!.id;
    }
    case 'availability': {
      const day = futureDay();
      const body = await expectOk(
        gateway('POST', '/api/availability', {
          token: a,
          body: { startDate: day, endDate: day, isAvailable: false, reason: 'Away' },
        }),
        'create availability',
      );
      return (body.data as { id: string }).id;
    }
    case 'calendarToken': {
      const body = await expectOk(gateway('GET', '/api/calendar/feed', { token: a }), 'feed');
      const url = (body.data as { url: string }).url;
      return /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
    }
    case 'answerLink': {
      // Player A's Maybe for a fresh club-wide event, signed with the platform's development key
      // as a reminder mail would carry it.
      const eventDate = `${futureDay()}T18:00:00.000Z`;
      const body = await expectOk(
        gateway('POST', '/api/events', {
          token: admin,
          body: { title: 'Matrix answer', eventDate, location: 'Main field', type: 'training' },
        }),
        'create event to answer',
      );
      const eventId = (body.data as { events: { id: string }[] }).events[0]!.id;
      const key = parseSecretKey(
        'ANSWER_LINK_KEY',
        readFileSync(path.join(t.dataDir, 'keys', 'answer-link.key'), 'utf8'),
      );
      return answerLinkSigner(key).sign(
        people.playerA.member.id,
        eventId,
        'maybe',
        new Date(eventDate),
      );
    }
    case 'task': {
      const body = await expectOk(
        gateway('POST', '/api/club-tasks', { token: admin, body: { title: 'Matrix task' } }),
        'create task',
      );
      return (body.data as { id: string }).id;
    }
    case 'news': {
      const body = await expectOk(
        gateway('POST', '/api/news', {
          token: admin,
          body: { title: 'Matrix news', content: 'News for the matrix.', notify: false },
        }),
        'create news',
      );
      return (body.data as { id: string }).id;
    }
    case 'teamNews': {
      const body = await expectOk(
        gateway('POST', '/api/news', {
          token: admin,
          body: {
            title: 'Matrix team news',
            content: 'News for this team.',
            notify: false,
            teamId: teams.this,
          },
        }),
        'create team news',
      );
      return (body.data as { id: string }).id;
    }
    case 'notification': {
      const title = `Matrix notice ${randomUUID().slice(0, 8)}`;
      await expectOk(
        gateway('POST', '/api/news', {
          token: admin,
          body: { title, content: 'Everyone is told.', notify: true },
        }),
        'create news with notification',
      );
      return eventually(async () => {
        const list = await gateway('GET', '/api/notifications', {
          token: await tokenOf('playerA'),
        });
        const items = ((list.body as { data?: unknown }).data ?? []) as {
          id: string;
          title?: string;
          message?: string;
        }[];
        return items.find((n) => JSON.stringify(n).includes(title))?.id;
      }, within30s('notification for player A'));
    }
    case 'room':
      // Chat learns of new members from auth's events: retry until it knows player A.
      return eventually(async () => {
        const res = await gateway('POST', '/api/chat', {
          token: await tokenOf('admin'),
          body: { name: 'Matrix room', type: 'private', members: [people.playerA.member.id] },
        });
        return res.status === 201 ? (res.body as { data: { id: string } }).data.id : undefined;
      }, within30s('private room with player A'));
    case 'message': {
      const room = made.room ?? (await createFixture('room', made));
      made.room = room;
      const body = await expectOk(
        gateway('POST', `/api/chat/${room}/messages`, {
          token: a,
          body: { content: 'Hello from player A', clientId: randomUUID() },
        }),
        'send message',
      );
      return (body.message as { id: string }).id;
    }
    case 'user':
      return (await t.createMember('player', 'Casey Spare')).id;
    case 'avatar': {
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#2a6fdb' },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append(
        'profilePicture',
        new Blob([new Uint8Array(png)], { type: 'image/png' }),
        'a.png',
      );
      const res = await fetch(`${t.url}/api/upload/profile-picture`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${a}` },
        body: form,
      });
      const body = (await res.json()) as { profilePicture?: string };
      if (res.status !== 200 || !body.profilePicture)
        throw new Error(`upload picture: ${res.status} ${JSON.stringify(body)}`);
      return body.profilePicture.split('/').pop()!;
    }
    case 'session': {
      const a = people.playerA.member;
      const device = await t.signIn(a.email, a.password);
      const body = await expectOk(
        gateway('GET', '/api/auth/sessions', { token: device }),
        'devices',
      );
      return (body.data as { id: string; current: boolean }[]).find((d) => d.current)!.id;
    }
    case 'team': {
      // A fresh team with this team's roster, so archiving it leaves this team as it was.
      const body = await expectOk(
        gateway('POST', '/api/teams', {
          token: admin,
          body: { name: `Matrix team ${randomUUID().slice(0, 8)}` },
        }),
        'create team',
      );
      const id = (body.team as { id: string }).id;
      await putInTeam(id, 'playerA', 'player');
      await putInTeam(id, 'coachThis', 'coach');
      return id;
    }
    case 'thisTeam':
      // This team itself, which every service already knows with its roster (a fresh team would
      // reach the events service's copy only later): its calendar feed routes.
      return teams.this;
    case 'appIcon':
      return 'icon-192.png';
    case 'child':
      // A fresh child of this team with guardianThis, so removing a guardian or giving a login
      // leaves children.this as it was.
      return childWithGuardian(teams.this, 'guardianThis', 'Matrix Kid');
    case 'guardian':
      // guardianThis, the guardian of the route's child (made before it on the path).
      return people.guardianThis.member.id;
    case 'mail':
      // Whatever the platform has sent so far (beforeAll sends an invitation).
      return eventually(async () => {
        const res = await gateway('GET', '/dev/mail/messages');
        const mails = ((res.body as { data?: { id: number }[] }).data ?? []) as { id: number }[];
        return mails[0] ? String(mails[0].id) : undefined;
      }, within30s('a caught mail'));
  }
}

/** A child without a login in the team, with the person as their guardian. */
async function childWithGuardian(teamId: string, guardian: Person, name: string) {
  const admin = await tokenOf('admin');
  const body = await expectOk(
    gateway('POST', '/api/user/children', {
      token: admin,
      body: { name, dateOfBirth: '2016-05-01', teamId },
    }),
    'add child',
  );
  const id = (body.data as { id: string }).id;
  await expectOk(
    gateway('POST', `/api/user/${id}/guardians`, {
      token: admin,
      body: { email: people[guardian].member.email, relation: 'Parent' },
    }),
    'link guardian',
  );
  return id;
}

/** The admin puts the person in the team with this role. */
async function putInTeam(teamId: string, person: Person, role: 'coach' | 'player') {
  await expectOk(
    gateway('PUT', `/api/teams/${teamId}/members/${people[person].member.id}`, {
      token: await tokenOf('admin'),
      body: { role },
    }),
    `put ${person} in a team`,
  );
}

const paramsOf = (routePath: string) => [...routePath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const prefixOf = (routePath: string) => routePath.split('/').slice(0, 3).join('/');

/**
 * The route's path with fresh fixtures in it, the fixture its last parameter names, and whether
 * its thing belongs to this team.
 */
async function fill(route: Route): Promise<{ url: string; owned?: Fixture; ofThisTeam: boolean }> {
  const made: Partial<Record<Fixture, string>> = {};
  let url = route.path;
  let owned: Fixture | undefined;
  let ofThisTeam = ROUTE_TEAMS.has(`${route.method} ${route.path}`);
  for (const param of paramsOf(route.path)) {
    const clubWide = PARAM_FIXTURES[`${prefixOf(route.path)} {${param}}`];
    if (!clubWide) throw new Error(`no fixture for {${param}} of ${route.method} ${route.path}`);
    const ofATeam = route.access === 'coach' || route.access === 'team';
    const kind = (ofATeam && TEAM_VARIANTS[clubWide]) || clubWide;
    made[kind] ??= await createFixture(kind, made);
    url = url.replace(`{${param}}`, encodeURIComponent(made[kind]!));
    owned = kind;
    ofThisTeam ||= TEAM_FIXTURES.has(kind);
  }
  const query = SAMPLE_QUERIES[`${route.method} ${route.path}`];
  if (query) url += `?${new URLSearchParams(query()).toString()}`;
  return { url, owned, ofThisTeam };
}

/** A game of this team, yesterday. */
const teamGameBody = () => ({
  title: 'Matrix game',
  eventDate: new Date(Date.now() - 86_400_000).toISOString(),
  location: 'Main field',
  type: 'game',
  teamId: teams.this,
});

/**
 * Bodies that pass validation where a 400 would hide the ownership or team check behind it
 * (made for each call, so each may create something of its own).
 */
const SAMPLE_BODIES: Record<string, () => unknown> = {
  'post /api/chat/{id}/messages': () => ({ content: 'Matrix says hi' }),
  'put /api/chat/{id}/messages/{messageId}': () => ({ content: 'Matrix edited this' }),
  'post /api/events/{id}/rsvp': () => ({ status: 'attending' }),
  'put /api/teams/{id}/members/{userId}': () => ({ role: 'player' }),
  'post /api/events': teamGameBody,
  'put /api/events/{id}': () => ({ ...teamGameBody(), title: 'Matrix game renamed' }),
  'put /api/events/{id}/result': () => ({ ours: 2, theirs: 1 }),
  'put /api/attendance/{eventId}': () => ({
    records: [{ userId: people.playerA.member.id, presence: 'present' }],
  }),
  'post /api/news': () => ({
    title: 'Matrix team post',
    content: 'For this team.',
    notify: false,
    teamId: teams.this,
  }),
  'put /api/news/{id}': () => ({ title: 'Matrix news edited' }),
  'post /api/chat': () => ({ name: 'Matrix team room', type: 'group', teamId: teams.this }),
  'post /api/email/send-invitation': () => ({
    email: `matrix-${randomUUID().slice(0, 8)}@resilience.test`,
    firstName: 'Mat',
    lastName: 'Rix',
    teamId: teams.this,
  }),
  'post /api/user/children': () => ({
    name: 'Matrix Kid',
    dateOfBirth: '2016-05-01',
    teamId: teams.this,
  }),
  'post /api/user/{childId}/guardians': () => ({
    email: `guardian-${randomUUID().slice(0, 8)}@resilience.test`,
    relation: 'Aunt',
  }),
  'post /api/user/{childId}/login': () => ({
    email: `grown-${randomUUID().slice(0, 8)}@resilience.test`,
  }),
};

/** Queries that name this team where a route's thing is a team's (ROUTE_TEAMS). */
const SAMPLE_QUERIES: Record<string, () => Record<string, string>> = {
  'get /api/events/conflicts': () => ({ date: futureDay(), teamId: teams.this }),
  'get /api/attendance': () => ({ teamId: teams.this }),
  'get /api/attendance/export.csv': () => ({ teamId: teams.this }),
};

// ---- expectations ----

type Caller = 'anonymous' | Person | `forged:${Forged}`;
type Verdict = 'allowed' | 'unguarded' | 'unauthenticated' | 'forbidden' | 'not-owner';

function expected(
  route: Route,
  caller: Caller,
  owned: Fixture | undefined,
  ofThisTeam: boolean,
): Verdict {
  if (route.access === 'internal') return 'unguarded';
  if (route.access === 'anonymous') return 'allowed';
  if (caller === 'anonymous' || caller.startsWith('forged:')) return 'unauthenticated';
  if (route.access === 'admin') return caller === 'admin' ? 'allowed' : 'forbidden';
  if (route.access === 'coach' || route.access === 'team') {
    if (!ofThisTeam)
      throw new Error(`${route.method} ${route.path}: no fixture says which team its thing is of`);
    const allowed: Caller[] =
      route.access === 'coach' ? ['admin', 'coachThis'] : ['admin', 'coachThis', 'playerA'];
    if (GUARDIAN_ROUTES.has(`${route.method} ${route.path}`)) allowed.push('guardianThis');
    if (allowed.includes(caller)) return 'allowed';
    // Player A sees this team's things: refused for the role. The others are outside the team.
    return caller === 'playerA' ? 'forbidden' : 'not-owner';
  }
  if (route.access === 'owner') {
    const owners = owned ? OWNERS[owned] : undefined;
    if (!owners) throw new Error(`${route.method} ${route.path}: owner of ${owned} unknown`);
    return owners.includes(caller as Person) ? 'allowed' : 'not-owner';
  }
  return 'allowed';
}

function matches(verdict: Verdict, status: number): boolean {
  // An internal route is called on the service itself, without a guard to pass; what it reads
  // may be missing in a test run (the showcase page needs the shell's build), so only a refusal
  // counts against it.
  if (verdict === 'unguarded') return status !== 401 && status !== 403;
  if (status >= 500) return false;
  switch (verdict) {
    case 'allowed':
      return status !== 401 && status !== 403;
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'not-owner':
      return status === 403 || status === 404;
  }
}

/**
 * Who calls which route, refused callers first and the callers allowed to change or delete
 * things last, so a fixture still exists while the others are refused.
 */
/** Guardians, called before the coaches and admins who may remove their links. */
const GUARDIANS = ['guardianOther', 'guardianThis'] as const;
/** Every signed-in caller, in the matrix's column order (those who may change things last). */
const SIGNED_IN: Person[] = [
  'playerA',
  'playerB',
  ...GUARDIANS,
  'coachOther',
  'coachThis',
  'admin',
];

function callersFor(route: Route): Caller[] {
  const forged = FORGED.map((f) => `forged:${f}` as const);
  switch (route.access) {
    case 'anonymous':
    case 'internal':
      return ['anonymous', 'playerA', 'admin'];
    case 'owner':
      return ['anonymous', ...forged, 'playerB', ...GUARDIANS, 'admin', 'playerA'];
    case 'team':
      return [
        'anonymous',
        ...forged,
        'playerB',
        ...GUARDIANS,
        'coachOther',
        'playerA',
        'coachThis',
        'admin',
      ];
    default:
      return ['anonymous', ...forged, ...SIGNED_IN];
  }
}

async function tokenFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (!caller.startsWith('forged:')) return tokenOf(caller as Person);
  const kind = caller.slice('forged:'.length) as Forged;
  if (kind === 'revoked-session') return revokedToken;
  if (kind === 'deleted-user') return deletedUserToken;
  return forgeries(await tokenOf('playerA'), platformKeys(t.dataDir), {
    userId: people.playerB.member.id,
  })[kind];
}

// ---- the platform and its routes ----

beforeAll(async () => {
  // Away from the other suites' blocks (and their metrics ports, 1000 above): they may run at once.
  t = await startTestPlatform({ preferredPort: 30_100 });
  const gatewayPort = Number(new URL(t.url).port);
  for (const service of builtServices(loadRegistry())) {
    const port = gatewayPort + service.portOffset;
    const doc = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const [routePath, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        routes.push({
          service: service.name,
          port,
          method,
          path: routePath,
          access: op['x-access'] as Access | undefined,
          note: op['x-access-note'] as string | undefined,
          problem: op['x-access-problem'] as string | undefined,
        });
      }
    }
  }
  const admin = await t.adminToken();
  people.admin = { member: { ...ADMIN, id: '', token: admin }, token: admin };
  const join = async (person: Person, name: string) => {
    const member = await t.createMember('player', name);
    people[person] = { member, token: member.token };
  };
  // Player A joins the club's only team (its first): this team.
  await join('playerA', 'Avery Owner');
  const listed = await expectOk(gateway('GET', '/api/teams', { token: admin }), 'teams');
  teams.this = (listed.teams as { id: string }[])[0]!.id;
  const other = await expectOk(
    gateway('POST', '/api/teams', { token: admin, body: { name: 'Matrix other team' } }),
    'create the other team',
  );
  teams.other = (other.team as { id: string }).id;
  // With two teams, a new member joins none until put in one.
  await join('playerB', 'Blake Other');
  await join('coachThis', 'Cory Coach');
  await join('coachOther', 'Dana Coach');
  await putInTeam(teams.other, 'playerB', 'player');
  await putInTeam(teams.this, 'coachThis', 'coach');
  await putInTeam(teams.other, 'coachOther', 'coach');
  // Two guardians in no team, each of a child in one of the teams.
  await join('guardianThis', 'Gale Guardian');
  await join('guardianOther', 'Hollis Guardian');
  children.this = await childWithGuardian(teams.this, 'guardianThis', 'Jamie Junior');
  children.other = await childWithGuardian(teams.other, 'guardianOther', 'Kai Junior');
  // A session ended by logout, and a member deleted while their token was still unexpired.
  const a = people.playerA.member;
  revokedToken = await t.signIn(a.email, a.password);
  await expectOk(gateway('POST', '/api/auth/logout', { token: revokedToken }), 'logout');
  // A mail for the development catcher's pages to show.
  await expectOk(
    gateway('POST', '/api/email/send-invitation', {
      token: await tokenOf('admin'),
      body: {
        email: `invited-${Date.now()}@resilience.test`,
        firstName: 'Ira',
        lastName: 'Invited',
      },
    }),
    'send invitation',
  );
  const gone = await t.createMember('player', 'Drew Deleted');
  deletedUserToken = gone.token;
  await expectOk(
    gateway('DELETE', `/api/user/${gone.id}`, { token: await tokenOf('admin') }),
    'delete user',
  );
  // Events, chat and content learn the teams and memberships from auth's queues: every caller's
  // teams are known everywhere before a route is called (the reminders' delayed jobs aside).
  await platformSettled(
    t.port,
    builtServices(loadRegistry()).map((s) => s.name),
    DRAINABLE_QUEUES,
  );
}, 400_000);

afterAll(() => t?.stop());

it('when the services are asked for their routes, then every route they register declares who may call it', () => {
  const undeclared = routes
    .filter((r) => !r.access)
    .map((r) => `${r.service}: ${r.method.toUpperCase()} ${r.path}: ${r.problem ?? 'undeclared'}`);

  expect(undeclared).toEqual([]);
  // All six services answered, each with its routes (the mailer's are the development catcher's).
  expect(new Set(routes.map((r) => r.service))).toEqual(
    new Set(['auth', 'events', 'tasks', 'content', 'mailer', 'chat']),
  );
  expect(routes.length).toBeGreaterThan(50);
});

it('when each declaration is compared with reference §6, then every route is in its table with the same access', () => {
  const registered = new Set(routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
  const differing = routes
    .map((r) => ({ route: `${r.method.toUpperCase()} ${r.path}`, declared: r.access }))
    .filter(({ route, declared }) => SPEC_ACCESS[route] !== declared)
    .map(
      ({ route, declared }) =>
        `${route}: declares ${declared}, reference §6 says ${SPEC_ACCESS[route] ?? 'nothing (add it to spec-access.ts)'}`,
    );
  const gone = Object.keys(SPEC_ACCESS).filter((route) => !registered.has(route));

  expect(differing).toEqual([]);
  expect(gone).toEqual([]);
});

it('when every route is called by every kind of caller, then each answer matches its declaration', async () => {
  const rows: string[] = [];
  const wrong: string[] = [];
  const columns: Caller[] = [
    'anonymous',
    ...FORGED.map((f) => `forged:${f}` as const),
    ...SIGNED_IN,
  ];
  for (const route of routes) {
    if (!route.access) continue;
    const { url, owned, ofThisTeam } = await fill(route);
    const statuses: Partial<Record<Caller, number>> = {};
    for (const caller of callersFor(route)) {
      const token = await tokenFor(caller);
      const sample = SAMPLE_BODIES[`${route.method} ${route.path}`];
      const body =
        route.method === 'get' || route.method === 'delete' ? undefined : (sample?.() ?? {});
      const answer =
        route.access === 'internal'
          ? await call(`http://127.0.0.1:${route.port}`, route.method.toUpperCase(), url, {
              token,
              body,
            })
          : await gateway(route.method.toUpperCase(), url, { token, body });
      statuses[caller] = answer.status;
      const verdict = expected(route, caller, owned, ofThisTeam);
      if (!matches(verdict, answer.status)) {
        wrong.push(
          `${route.method.toUpperCase()} ${route.path} as ${caller}: expected ${verdict}, got ${answer.status} ${answer.text.slice(0, 160)}`,
        );
      }
    }
    const cells = columns.map((c) => String(statuses[c] ?? '-').padStart(4));
    rows.push(
      `${route.access.padEnd(9)} ${`${route.method.toUpperCase()} ${route.path}`.padEnd(48)}${cells.join('')}`,
    );
  }
  const header = `${'access'.padEnd(9)} ${'route'.padEnd(48)}${columns
    .map((_, i) => String.fromCharCode(97 + i).padStart(4))
    .join('')}`;
  const legend = columns.map((c, i) => `${String.fromCharCode(97 + i)}=${c}`).join(' ');
  process.stdout.write(
    `\nAuthorization matrix (${rows.length} routes; status per caller, - not called)\n${legend}\n${header}\n${rows.join('\n')}\n\n`,
  );

  expect(wrong).toEqual([]);
  expect(rows.length).toBe(routes.length);
}, 600_000);

it('when an internal route is asked for through the gateway, then the gateway does not pass it to the service', async () => {
  const internal = routes.filter((r) => r.access === 'internal');
  expect(internal.length).toBeGreaterThan(0);

  for (const route of internal) {
    const direct = await call(`http://127.0.0.1:${route.port}`, 'GET', route.path);
    const published = await gateway('GET', route.path);

    expect([route.path, direct.status === 401 || direct.status === 403]).toEqual([
      route.path,
      false,
    ]);
    expect([route.path, published.text === direct.text]).toEqual([route.path, false]);
  }
});

it('when the queues board (mounted beside the routers, not one of their routes) is opened, then only an admin with a redeemed ticket gets in', async () => {
  const board = (cookie?: string, token?: string) =>
    fetch(`${t.url}/admin/queues/`, {
      redirect: 'manual',
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  const ticket = await expectOk(
    gateway('POST', '/api/settings/queues-ticket', { token: await tokenOf('admin') }),
    'queues ticket',
  );
  const session = await fetch(`${t.url}${(ticket.data as { url: string }).url}`, {
    redirect: 'manual',
  });
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;

  expect((await board()).status).toBe(401);
  expect((await board(undefined, await tokenOf('admin'))).status).toBe(401);
  expect((await board('teamapp_queues=forged')).status).toBe(401);
  expect(
    (await fetch(`${t.url}/admin/queues/session?ticket=forged`, { redirect: 'manual' })).status,
  ).toBe(401);
  expect(session.status).toBe(303);
  expect((await board(cookie)).status).toBe(200);
});

// ---- families (contracts family.ts): a guardian answers for their own child only ----

describe('answering for a child (forUserId)', () => {
  // The matrix's own families: guardianThis's child in this team, guardianOther's in the other.
  beforeAll(async () => {
    for (const guardian of GUARDIANS) {
      const token = await tokenOf(guardian);
      await eventually(
        async () => {
          const res = await gateway('GET', '/api/family', { token });
          return ((res.body as { data?: { children: unknown[] } }).data?.children.length ?? 0) > 0;
        },
        within30s(`${guardian}'s child known to events`),
      );
    }
  }, 120_000);

  /** Every signed-in caller but the child's guardian: refused with NOT_YOUR_CHILD. */
  const refusedCallers = () =>
    Promise.all(
      (['playerA', 'playerB', 'coachThis', 'coachOther', 'admin', 'guardianOther'] as Person[]).map(
        tokenOf,
      ),
    );

  it('when anyone but the child’s guardian answers or adds an absence for the child, then 403; signed out, 401; the guardian, allowed', async () => {
    const event = (await createFixture('event', {}))!;
    const day = futureDay();
    const calls = [
      { method: 'POST', url: `/api/events/${event}/rsvp`, body: { status: 'maybe' } },
      {
        method: 'POST',
        url: '/api/availability',
        body: { startDate: day, endDate: day, isAvailable: false },
      },
      { method: 'GET', url: `/api/availability?forUserId=${children.this}` },
    ];
    const wrong: string[] = [];
    for (const { method, url, body } of calls) {
      const withChild = body && { ...body, forUserId: children.this };
      const check = (who: string, status: number, expected: number[]) => {
        if (!expected.includes(status)) wrong.push(`${method} ${url} as ${who}: ${status}`);
      };
      check('anonymous', (await gateway(method, url, { body: withChild })).status, [401]);
      for (const token of await refusedCallers()) {
        const answer = await gateway(method, url, { token, body: withChild });
        check('not the guardian', answer.status, [403]);
        if ((answer.body as { error?: string }).error !== NOT_YOUR_CHILD)
          wrong.push(`${method} ${url}: ${answer.text.slice(0, 120)}`);
      }
      const own = await gateway(method, url, {
        token: await tokenOf('guardianThis'),
        body: withChild,
      });
      check('the guardian', own.status, [200, 201]);
    }
    expect(wrong).toEqual([]);
  });

  it('when someone other than the child’s guardian deletes the child’s entry, then it is not found; the guardian deletes it', async () => {
    const day = futureDay();
    const created = await expectOk(
      gateway('POST', '/api/availability', {
        token: await tokenOf('guardianThis'),
        body: { startDate: day, endDate: day, isAvailable: false, forUserId: children.this },
      }),
      'child’s absence',
    );
    const url = `/api/availability/${(created.data as { id: string }).id}`;

    for (const token of await refusedCallers()) {
      expect((await gateway('DELETE', url, { token })).status).toBe(404);
    }
    expect((await gateway('DELETE', url)).status).toBe(401);
    expect((await gateway('DELETE', url, { token: await tokenOf('guardianThis') })).status).toBe(
      200,
    );
  });

  it('when a member asks for their family, then they get their own children only', async () => {
    const childrenOf = async (token: string) =>
      (
        (await expectOk(gateway('GET', '/api/family', { token }), 'family')).data as {
          children: { id: string }[];
        }
      ).children.map((c) => c.id);

    // guardianThis also has the fresh children the matrix's guardian routes made.
    const ofThis = await childrenOf(await tokenOf('guardianThis'));
    const ofOther = await childrenOf(await tokenOf('guardianOther'));
    expect(ofThis).toContain(children.this);
    expect(ofThis).not.toContain(children.other);
    expect(ofOther).toContain(children.other);
    expect(ofOther).not.toContain(children.this);
    expect(await childrenOf(await tokenOf('admin'))).toEqual([]);
    expect((await gateway('GET', '/api/family')).status).toBe(401);
  });
});

// ---- Families in chat (docs/reference.md "Families") ----
// Beside the matrix's own callers: a guardian of a child of this team and a guardian of a child
// of the other team, on the child's team room (read-only for the first, refused for the second),
// and the coach and an admin refused a direct conversation with a child who is not theirs.

it("when guardians ask for a child's team room and adults open a direct conversation with a child, then chat answers as reference §6 says", async () => {
  const admin = await tokenOf('admin');
  const guardianOf = async (teamId: string, name: string) => {
    const guardian = await t.createMember('player', `${name} Chatguardian`);
    const child = await expectOk(
      gateway('POST', '/api/user/children', {
        token: admin,
        body: { name: `${name} Chatkid`, dateOfBirth: '2016-05-01', teamId },
      }),
      'add child',
    );
    const childId = (child.data as { id: string }).id;
    await expectOk(
      gateway('POST', `/api/user/${childId}/guardians`, {
        token: admin,
        body: { email: guardian.email, relation: 'Parent' },
      }),
      'link guardian',
    );
    return { guardian, childId };
  };
  const ofThis = await guardianOf(teams.this, 'Fern');
  const ofOther = await guardianOf(teams.other, 'Gil');
  await platformSettled(
    t.port,
    builtServices(loadRegistry()).map((s) => s.name),
    DRAINABLE_QUEUES,
  );
  const listed = await expectOk(
    gateway('GET', '/api/chat', { token: ofThis.guardian.token }),
    "the guardian's rooms",
  );
  const room = (
    listed.chatRooms as {
      id: string;
      teamId: string | null;
      teamRoom: boolean;
      readOnly?: boolean;
    }[]
  ).find((r) => r.teamId === teams.this && r.teamRoom);
  expect(room?.readOnly).toBe(true);
  const as = (token: string) => ({
    read: async () => (await gateway('GET', `/api/chat/${room!.id}/messages`, { token })).status,
    send: async () =>
      (
        await gateway('POST', `/api/chat/${room!.id}/messages`, {
          token,
          body: { content: 'Hello' },
        })
      ).status,
    mark: async () => (await gateway('POST', `/api/chat/${room!.id}/read`, { token })).status,
  });
  const direct = async (token: string, teamId?: string) =>
    (
      await gateway('POST', '/api/chat', {
        token,
        body: { name: 'Just us', type: 'private', members: [ofThis.childId], teamId },
      })
    ).status;
  const thisGuardian = as(ofThis.guardian.token);
  const otherGuardian = as(ofOther.guardian.token);

  expect({
    'guardian of this child: read': await thisGuardian.read(),
    'guardian of this child: mark read': await thisGuardian.mark(),
    'guardian of this child: send': await thisGuardian.send(),
    'guardian of another child: read': await otherGuardian.read(),
    'guardian of another child: mark read': await otherGuardian.mark(),
    'guardian of another child: send': await otherGuardian.send(),
    'coach of this team: direct conversation with the child': await direct(
      await tokenOf('coachThis'),
      teams.this,
    ),
    'admin: direct conversation with the child': await direct(admin),
  }).toEqual({
    'guardian of this child: read': 200,
    'guardian of this child: mark read': 200,
    'guardian of this child: send': 403,
    'guardian of another child: read': 403,
    'guardian of another child: mark read': 403,
    'guardian of another child: send': 403,
    'coach of this team: direct conversation with the child': 403,
    'admin: direct conversation with the child': 403,
  });
});
