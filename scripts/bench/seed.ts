/**
 * The one way the benchmarks put a club's data on a platform: accounts, events and their
 * answers, news posts, chat rooms and messages, written through the API as the app writes them,
 * by api-client's `call` on the endpoints of @teamapp/contracts (their paths, inputs and answers
 * written once there). Every answer is checked against its endpoint's schema, so a seed fails at
 * once, naming the field, when a service no longer answers what its contract says.
 *
 * The calls a benchmark times go through api-client's `send` (the same request, no answer check,
 * which would be timed too) or @teamapp/platform/http's `requestEndpoint` (a member's own agent and
 * address, answers counted by status).
 */
import { call, createRequest, type ApiRequest } from '@teamapp/api-client';
import {
  authEndpoints,
  chatEndpoints,
  eventsEndpoints,
  newsEndpoints,
  notificationsEndpoints,
  teamsEndpoints,
  usersEndpoints,
  type ChatMessage,
  type ChatRoom,
  type CreateChatRoomInput,
  type CreateUserInput,
  type EventInput,
  type LoginRequest,
  type NewsInput,
  type RsvpInput,
  type SendChatMessageInput,
  type TeamRole,
} from '@teamapp/contracts';
import { eventually } from '@teamapp/service-kit/testing';

/** A caller of the API of the platform (or lone service) at `base`, e.g. http://127.0.0.1:8080. */
export function apiAt(base: string, token?: string): ApiRequest {
  return createRequest({ baseUrl: `${base}/api`, getToken: () => token ?? null });
}

export interface Session {
  token: string;
  /** Calls as this account. */
  request: ApiRequest;
}

export async function signIn(base: string, credentials: LoginRequest): Promise<Session> {
  const { token } = await call(apiAt(base), authEndpoints.login, { body: credentials });
  return { token, request: apiAt(base, token) };
}

/** Runs `work` for 0..count-1, `width` at a time. */
export async function inBatches(
  count: number,
  width: number,
  work: (i: number) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < count; i += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, k) => work(i + k)));
  }
}

/** Each item's result, in the items' order, `width` items at a time. */
export async function mapInBatches<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  await inBatches(items.length, width, async (i) => {
    results[i] = await work(items[i]!);
  });
  return results;
}

/**
 * Waits for what the queues carry between services (members reaching chat, notifications): polls
 * `check`, an error counting as not yet, until it holds or timeoutMs have passed.
 */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  await eventually(() => check().catch(() => false), { timeoutMs, intervalMs: 250, what });
}

// --- Accounts -----------------------------------------------------------------------------------

/** `count` players: `${prefix}1@bench.test`..., named `${name} 1`..., all with one password. */
export function players(
  count: number,
  password: string,
  { prefix = 'player', name = 'Player', domain = 'bench.test', pad = 0 } = {},
): CreateUserInput[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${name} ${String(i + 1).padStart(pad, '0')}`,
    email: `${prefix}${i + 1}@${domain}`,
    role: 'player' as const,
    password,
  }));
}

/** Accounts an admin makes with their passwords (POST /user), `width` at a time: their ids. */
export async function addMembers(
  admin: ApiRequest,
  members: readonly CreateUserInput[],
  width = 4,
): Promise<string[]> {
  return mapInBatches(
    members,
    width,
    async (member) => (await call(admin, usersEndpoints.create, { body: member })).data.id,
  );
}

// --- Teams --------------------------------------------------------------------------------------

/** Teams a club admin creates, in order: their ids. */
export async function addTeams(admin: ApiRequest, names: readonly string[]): Promise<string[]> {
  return mapInBatches(
    names,
    5,
    async (name) => (await call(admin, teamsEndpoints.create, { body: { name } })).team.id,
  );
}

/** Puts members in teams (PUT /teams/{id}/members/{userId}), `width` at a time. */
export async function joinTeams(
  admin: ApiRequest,
  memberships: readonly { teamId: string; userId: string; role: TeamRole }[],
  width = 10,
): Promise<void> {
  await inBatches(memberships.length, width, (i) => {
    const { teamId, userId, role } = memberships[i]!;
    return call(admin, teamsEndpoints.putMember, {
      params: { id: teamId, userId },
      body: { role },
    });
  });
}

/** Each account signed in, in the order given, `width` at a time. */
export async function signInAll(
  base: string,
  accounts: readonly { email: string; password: string }[],
  width = 4,
): Promise<Session[]> {
  return mapInBatches(accounts, width, ({ email, password }) => signIn(base, { email, password }));
}

// --- Events -------------------------------------------------------------------------------------

/** Events (a series writes all its occurrences), `width` at a time: each one's first id. */
export async function addEvents(
  admin: ApiRequest,
  events: readonly EventInput[],
  width = 10,
): Promise<string[]> {
  return mapInBatches(events, width, async (event) => {
    const made = await call(admin, eventsEndpoints.create, { body: event });
    return made.data.events[0]!.id;
  });
}

/** A member's answer to an event. */
export async function answerEvent(
  member: ApiRequest,
  eventId: string,
  status: RsvpInput['status'],
): Promise<void> {
  await call(member, eventsEndpoints.rsvp, { params: { id: eventId }, body: { status } });
}

// --- News and notifications ---------------------------------------------------------------------

export async function publishNews(admin: ApiRequest, post: NewsInput): Promise<void> {
  await call(admin, newsEndpoints.create, { body: post });
}

/** How many news posts the caller reads. */
export async function newsCount(request: ApiRequest): Promise<number> {
  return (await call(request, newsEndpoints.list)).data.length;
}

export async function unreadCount(request: ApiRequest): Promise<number> {
  return (await call(request, notificationsEndpoints.unreadCount)).data.count;
}

// --- Chat ---------------------------------------------------------------------------------------

/** A room, then the messages in it one after the other. */
export async function openRoom(
  admin: ApiRequest,
  room: CreateChatRoomInput,
  messages: readonly SendChatMessageInput[] = [],
): Promise<ChatRoom> {
  const { data } = await call(admin, chatEndpoints.createRoom, { body: room });
  for (const message of messages) {
    await call(admin, chatEndpoints.send, { params: { id: data.id }, body: message });
  }
  return data;
}

/** The caller's rooms. */
export async function roomsOf(request: ApiRequest): Promise<ChatRoom[]> {
  return (await call(request, chatEndpoints.rooms)).chatRooms;
}

/** A ticket that opens the caller's live socket. */
export async function liveTicket(request: ApiRequest): Promise<string> {
  return (await call(request, chatEndpoints.ticket)).data.ticket;
}

/** Every message of a room, oldest first, paging back from the newest. */
export async function roomHistory(request: ApiRequest, roomId: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await call(request, chatEndpoints.messages, {
      params: { id: roomId },
      query: { limit: 100, before },
    });
    all.unshift(...page.messages);
    if (!page.hasMore || page.messages.length === 0) return all;
    before = page.messages[0]!.id;
  }
}

// --- A club of many teams -----------------------------------------------------------------------

export interface TeamsClubOptions {
  /** The club admin the platform was started with. */
  admin: LoginRequest;
  /** Every member's password. */
  password: string;
  teams: number;
  members: number;
  /** Events over a season of a year, 210 days of it past. */
  events: number;
  log: (what: string) => void;
}

export interface TeamsClub {
  admin: ApiRequest;
  teamIds: string[];
  accounts: CreateUserInput[];
  userIds: string[];
  /** Member i's home team (an index of teamIds): the first `teams` members coach theirs. */
  homeOf: (member: number) => number;
  eventIds: string[];
  /** Event i's team id, or null for a club-wide one. */
  teamOfEvent: (event: number) => string | null;
  /** Event i's start (ms since the epoch). */
  dateOf: (event: number) => number;
  /** The events starting more than an hour from now, as [id, index]. */
  upcoming: (readonly [string, number])[];
  /** The members who answered (every coach, and the players of team 1), signed in. */
  answering: number[];
  sessionOf: (member: number) => Session;
  /** A player of team 1 only (member `teams`: home team 0, in no second team). */
  player: number;
}

/**
 * A club of `teams` teams written through the API: `members` members, most in one team and some
 * in two or three (member i's home team is i % teams; the first of each team coaches it), and
 * `events` events over a season, a few club-wide (every hundredth) and the rest spread over the
 * teams. Every coach and the players of team 1 answer their team's and the club-wide upcoming
 * events, once each has seen their team's events (memberships reach the events service through
 * the outbox). `npm run bench:teams` and `npm run bench:family` read it.
 */
export async function seedTeamsClub(
  gateway: string,
  options: TeamsClubOptions,
): Promise<TeamsClub> {
  const { teams, members, events, log } = options;
  const { request: admin } = await signIn(gateway, options.admin);
  log(`creating ${teams} teams and ${members} members...`);
  const teamIds = await addTeams(
    admin,
    Array.from({ length: teams }, (_, i) => `Team ${i + 1}`),
  );
  const accounts = players(members, options.password, { pad: 3 });
  const userIds = await addMembers(admin, accounts, 8);
  const homeOf = (i: number) => i % teams;
  const memberships = userIds.flatMap((userId, i) => {
    const home = homeOf(i);
    const list = [
      {
        teamId: teamIds[home]!,
        userId,
        role: i < teams ? ('coach' as const) : ('player' as const),
      },
    ];
    if (i % 7 === 3) list.push({ teamId: teamIds[(home + 1) % teams]!, userId, role: 'player' });
    if (i % 25 === 11) list.push({ teamId: teamIds[(home + 2) % teams]!, userId, role: 'player' });
    return list;
  });
  log(`${memberships.length} memberships...`);
  await joinTeams(admin, memberships);

  log(`adding ${events} events over a season...`);
  const types = ['training', 'training', 'game', 'meeting', 'social'] as const;
  const day = 86_400_000;
  const start = Date.now() - 210 * day;
  const step = (365 * day) / events;
  const teamOfEvent = (i: number) => (i % 100 === 99 ? null : teamIds[i % teams]!);
  const dateOf = (i: number) => start + i * step;
  const eventIds = await addEvents(
    admin,
    Array.from({ length: events }, (_, i) => ({
      title: `${types[i % types.length]!} ${i + 1}`,
      description: i % 3 === 0 ? 'Bring both kits and water.' : '',
      eventDate: new Date(dateOf(i)).toISOString(),
      location: i % 2 ? 'Main Field' : 'Club House',
      type: types[i % types.length],
      isRequired: i % 4 === 0,
      teamId: teamOfEvent(i),
    })),
  );

  const answering = accounts.flatMap((_, i) => (homeOf(i) === 0 || i < teams ? [i] : []));
  log(`${answering.length} members answer their team's upcoming events...`);
  const sessions = await signInAll(
    gateway,
    answering.map((i) => accounts[i]!),
  );
  const sessionOf = (member: number) => {
    const k = answering.indexOf(member);
    if (k < 0) throw new Error(`member ${member + 1} did not sign in`);
    return sessions[k]!;
  };
  await inBatches(answering.length, 10, (k) =>
    until(`team events reaching member ${answering[k]! + 1}`, async () => {
      const { events: seen } = await call(sessions[k]!.request, eventsEndpoints.list, {
        query: {},
      });
      return seen.some((e) => e.teamId === teamIds[homeOf(answering[k]!)]);
    }),
  );
  const statuses = ['attending', 'attending', 'maybe', 'not-attending'] as const;
  const upcoming = eventIds.flatMap((id, i) =>
    dateOf(i) > Date.now() + 3_600_000 ? [[id, i] as const] : [],
  );
  const answers = answering.flatMap((member, k) =>
    upcoming
      .filter(([, i]) => teamOfEvent(i) === teamIds[homeOf(member)] || teamOfEvent(i) === null)
      .map(([id], n) => ({
        session: sessions[k]!,
        id,
        status: statuses[(k + n) % statuses.length]!,
      })),
  );
  await inBatches(answers.length, 20, (n) =>
    answerEvent(answers[n]!.session.request, answers[n]!.id, answers[n]!.status),
  );
  return {
    admin,
    teamIds,
    accounts,
    userIds,
    homeOf,
    eventIds,
    teamOfEvent,
    dateOf,
    upcoming,
    answering,
    sessionOf,
    player: teams,
  };
}
