/**
 * The event list, computed once per change instead of once per request. A member's schedule is
 * made of lists every member who may see them shares: the club-wide list (one answer for admins,
 * who see who is away, and one for everyone else) and one list per team (one answer for those
 * who run the team, with who of the team is away, and one for its members). Each process keeps
 * every list, serialized, in service-kit's read cache, and composes a caller's answer from the
 * lists they may see (`composed`, itself kept until one of its lists changes).
 *
 * Each list and type filter is one scope of that cache (`events:all`, `events:game`, ...,
 * `events:team:<id>:all`, ...). A write names, on its unit of work, the scopes of the events it
 * touches (for each of their teams, or club-wide: the unfiltered list and each of their types'
 * lists); they are dropped in this process and in every replica once it has committed, before it
 * answers, and a read under way meanwhile is never kept. No request pays a Redis round trip for it.
 *
 * A list holds every upcoming event and the most recent past ones (`PAST_PAGE`, and any others at
 * the same instant as the oldest); `olderBefore` is the cursor for the page before them.
 *
 * Lists for those who do not run their events (a player's) name no one's answer: each event
 * carries its `counts`, and the caller's own entries travel beside the shared events as the
 * answer's `mine`, made from the member's answers kept in a scope of their own
 * (`member:<userId>`), which every write changing one of their answers names (an RSVP, an absence
 * answering or no longer answering for them, an event an absence answers on). Only that small
 * part is the caller's: the events are composed once per set of lists and shared. The member's
 * teams, which say which lists are theirs, are kept in the same scope (a member's change names it).
 * A guardian's scope also keeps their children's teams and answers (the answer's `children`,
 * contracts family.ts): a write changing a child's answers names each guardian's scope too.
 */
import { gzipSync } from 'node:zlib';
import { EVENT_TYPES, type ClubEvent, type EventType, type Role } from '@teamapp/contracts';
import { createReadCache, type CachedAnswer, type ReadCache } from '@teamapp/service-kit';
import type { Redis } from 'ioredis';

/** What a list shows: events of one type, or all of them. */
export type ListFilter = EventType | 'all';

/** Past events a list holds: the most recent ones; `?before=` pages through older ones. */
export const PAST_PAGE = 50;

/**
 * One kept list: its type (all when none), its team (club-wide when none) and whom it is shown
 * to: on the club-wide list, admins (who see who is away) or players; on a team's, `coach` (a
 * club admin or the team's coach, who see who of the team is away) or `player`.
 */
export interface ListVariant {
  type?: EventType;
  teamId?: string | null;
  role: Role | 'coach';
}

export const listScope = (filter: ListFilter, teamId: string | null = null) =>
  teamId === null ? `events:${filter}` : `events:team:${teamId}:${filter}`;

/** The lists of one team (or club-wide) that show events of these types: unfiltered and each type's. */
export const listScopesOf = (
  types: Iterable<EventType>,
  teamId: string | null = null,
): string[] => {
  const distinct = [...new Set(types)];
  return distinct.length === 0
    ? []
    : [listScope('all', teamId), ...distinct.map((type) => listScope(type, teamId))];
};

/** The lists that show these events: for each of their teams (or club-wide), as listScopesOf. */
export function scopesOfEvents(
  events: Iterable<{ type: EventType; teamId: string | null }>,
): string[] {
  const byTeam = new Map<string | null, EventType[]>();
  for (const event of events) {
    byTeam.set(event.teamId, [...(byTeam.get(event.teamId) ?? []), event.type]);
  }
  return [...byTeam].flatMap(([teamId, types]) => listScopesOf(types, teamId));
}

/** The scope of one member's own answers (the `mine` of their answers). */
export const memberScope = (userId: string) => `member:${userId}`;

/** Every club-wide list: for what every event shows (the members invited and their names). */
export const EVERY_LIST = listScopesOf(EVENT_TYPES);

/** Every list of these teams (a member's or a team's change shows in each). */
export const everyTeamList = (teamIds: Iterable<string>): string[] =>
  [...new Set(teamIds)].flatMap((teamId) => listScopesOf(EVENT_TYPES, teamId));

/**
 * A list as kept: a first line saying whether older past events were left out, then one line per
 * event, `<event_date>\t<id>\t<event JSON>` (JSON escapes tabs and line ends inside strings), so
 * lists are merged in date order without parsing the events.
 */
export function serializeList(events: ClubEvent[], more: boolean): string {
  return [
    JSON.stringify({ more }),
    ...events.map((e) => `${e.event_date}\t${e.id}\t${JSON.stringify(e)}`),
  ].join('\n');
}

interface Line {
  key: string;
  date: string;
  id: string;
  /** The index of the list it came from. */
  list: number;
  json: string;
}

/**
 * Merges kept lists into one answer's events: those from `splitAt` on (when `upcoming`), then
 * the PAST_PAGE most recent before it (with any others at the oldest one's instant), soonest
 * first; `olderBefore` is the oldest one's instant when older events were left out. `ids` and
 * `lists` name each event kept and the index of the list it came from.
 */
export function composeLists(
  bodies: string[],
  splitAt: Date,
  upcoming: boolean,
): {
  events: string[];
  ids: string[];
  lists: number[];
  olderBefore: string | null;
  validUntil: number;
} {
  const split = splitAt.toISOString();
  let more = false;
  const lines: Line[] = [];
  const seen = new Set<string>();
  for (const [list, body] of bodies.entries()) {
    const [head, ...rest] = body.split('\n');
    if ((JSON.parse(head!) as { more: boolean }).more) more = true;
    for (const line of rest) {
      const tab = line.indexOf('\t');
      const second = line.indexOf('\t', tab + 1);
      const key = line.slice(0, second);
      if (seen.has(key)) continue;
      seen.add(key);
      const date = line.slice(0, tab);
      const id = line.slice(tab + 1, second);
      lines.push({ key, date, id, list, json: line.slice(second + 1) });
    }
  }
  lines.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const firstUpcoming = lines.findIndex((l) => l.date >= split);
  const pastEnd = firstUpcoming === -1 ? lines.length : firstUpcoming;
  let pastStart = Math.max(0, pastEnd - PAST_PAGE);
  const cut = lines[pastStart]?.date;
  while (pastStart > 0 && lines[pastStart - 1]!.date === cut) pastStart -= 1;
  if (pastStart > 0) more = true;
  const kept = lines.slice(pastStart, upcoming ? lines.length : pastEnd);
  const next = upcoming && firstUpcoming !== -1 ? Date.parse(lines[firstUpcoming]!.date) : Infinity;
  return {
    events: kept.map((l) => l.json),
    ids: kept.map((l) => l.id),
    lists: kept.map((l) => l.list),
    olderBefore: more && pastStart < pastEnd ? lines[pastStart]!.date : null,
    validUntil: next,
  };
}

/** One of the lists a caller's answer is made of, and how to compute it. */
export interface ListPart {
  variant: ListVariant;
  compute: () => Promise<string>;
  /** The list names no one's answer: the caller's own entries for its events go in `mine`. */
  own?: boolean;
}

/** The caller's own entries (`mine`) for the events of the lists marked `own`. */
export interface OwnPart {
  userId: string;
  /** The member's answers, as text kept in their scope (memberScope) until one changes. */
  compute: () => Promise<string>;
  /** `mine` as JSON: the entries for these events, from the kept answers. */
  render: (eventIds: string[], answers: string) => string;
  /**
   * Further fields of the caller's from the same kept text, each as `,"name":value` (a
   * guardian's `children`), given every event of the answer and the index of its list.
   */
  more?: (events: ListedEvent[], answers: string) => string;
}

/** An event of a composed answer and the index of the list (of `parts`) it came from. */
export interface ListedEvent {
  id: string;
  list: number;
}

/** Composed answers kept at most (one per distinct set of lists and filter). */
const COMPOSED_KEPT = 1000;
/** Callers' own parts kept at most (one per member and set of lists). */
const OWN_KEPT = 2000;

export interface ListCache {
  /**
   * The answer made of these lists (`envelope` wraps the composed events in a JSON object): kept
   * until one of the lists changes or an upcoming event it holds starts (which moves it among
   * the past ones). With `own`, the object ends with the caller's `mine`, kept until their
   * answers or the lists change.
   */
  composed: (
    parts: ListPart[],
    now: Date,
    envelope: (events: string, olderBefore: string | null) => string,
    own?: OwnPart,
  ) => Promise<CachedAnswer>;
  /** The list for `variant`, computed by `compute` unless the kept one is still current. */
  read: (variant: ListVariant, compute: () => Promise<string>) => Promise<string>;
  /**
   * The same answer gzipped, compressed once per change and variant: a browser asks for gzip,
   * and 500 events with every member's answer shrink about twentyfold.
   */
  readGzipped: (variant: ListVariant, compute: () => Promise<string>) => Promise<Buffer>;
  /** The read cache under the lists, which the service's unit of work drops scopes from. */
  cache: ReadCache;
  close: () => Promise<void>;
}

/** An answer made of lists: its events, which of them `mine` covers, and its text. */
interface Composition {
  parts: CachedAnswer[];
  validUntil: number;
  /** The events of the lists marked `own`. */
  ownIds: string[];
  /** Every event, with its list. */
  listed: ListedEvent[];
  /** The envelope without its closing brace, for `mine` to be added. */
  head: Buffer;
  /** The answer without `mine`, made when asked for. */
  answer?: CachedAnswer;
}

/** A caller's answer: a composition and their `mine`. */
interface OwnAnswer {
  of: Composition;
  answers: CachedAnswer;
  tail: Buffer;
  gzipped: Buffer;
}

const keepAtMost = <V>(map: Map<string, V>, key: string, value: V, most: number) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value!);
};

export async function createListCache(
  redis: Redis,
  prefix: string,
  options: {
    onError?: (err: unknown) => void;
    /** Called each time a list is computed afresh (not served from the cache). */
    onBuild?: (variant: ListVariant) => void;
  } = {},
): Promise<ListCache> {
  const cache = await createReadCache(redis, `${prefix}events:list-changed`, {
    onError: options.onError,
  });
  const answer = (variant: ListVariant, compute: () => Promise<string>) =>
    cache.read(listScope(variant.type ?? 'all', variant.teamId ?? null), variant.role, () => {
      options.onBuild?.(variant);
      return compute();
    });
  const composed = new Map<string, Composition>();
  const owned = new Map<string, OwnAnswer>();

  async function composition(
    parts: ListPart[],
    now: Date,
    envelope: (events: string, olderBefore: string | null) => string,
  ): Promise<{ key: string; composition: Composition }> {
    const key = parts
      .map(
        (p) =>
          `${listScope(p.variant.type ?? 'all', p.variant.teamId ?? null)}/${p.variant.role}${p.own ? '/own' : ''}`,
      )
      .join('|');
    const lists = await Promise.all(parts.map((p) => answer(p.variant, p.compute)));
    const kept = composed.get(key);
    if (
      kept &&
      now.getTime() < kept.validUntil &&
      kept.parts.length === lists.length &&
      kept.parts.every((list, i) => list === lists[i])
    ) {
      return { key, composition: kept };
    }
    const merged = composeLists(
      lists.map((l) => l.body.toString()),
      now,
      true,
    );
    const text = envelope(merged.events.join(','), merged.olderBefore);
    const made: Composition = {
      parts: lists,
      validUntil: merged.validUntil,
      ownIds: merged.ids.filter((_, i) => parts[merged.lists[i]!]!.own),
      listed: merged.ids.map((id, i) => ({ id, list: merged.lists[i]! })),
      head: Buffer.from(text.slice(0, text.lastIndexOf('}'))),
    };
    keepAtMost(composed, key, made, COMPOSED_KEPT);
    return { key, composition: made };
  }

  return {
    async composed(parts, now, envelope, own) {
      const { key, composition: made } = await composition(parts, now, envelope);
      if (!own) {
        if (!made.answer) {
          const body = Buffer.concat([made.head, Buffer.from('}')]);
          // Gzipped once per composition, whatever its size: a browser asks for gzip.
          made.answer = { body, gzipped: gzipSync(body) };
        }
        return made.answer;
      }
      const answers = await cache.read(memberScope(own.userId), 'answers', own.compute);
      const ownKey = `${own.userId}|${key}`;
      let mine = owned.get(ownKey);
      if (!mine || mine.of !== made || mine.answers !== answers) {
        const kept = answers.body.toString();
        const more = own.more?.(made.listed, kept) ?? '';
        const tail = Buffer.from(`,"mine":${own.render(made.ownIds, kept)}${more}}`);
        mine = { of: made, answers, tail, gzipped: gzipSync(Buffer.concat([made.head, tail])) };
        keepAtMost(owned, ownKey, mine, OWN_KEPT);
      }
      // Only the gzipped answer is kept per caller; the plain one is put together when asked.
      const { head } = made;
      const { tail, gzipped } = mine;
      return {
        get body() {
          return Buffer.concat([head, tail]);
        },
        gzipped,
      };
    },
    read: async (variant, compute) => (await answer(variant, compute)).body.toString(),
    async readGzipped(variant, compute) {
      const kept = await answer(variant, compute);
      // The read cache compresses from 1 KiB on; a smaller list is gzipped here, as asked.
      return kept.gzipped ?? gzipSync(kept.body);
    },
    cache,
    close: () => cache.close(),
  };
}
