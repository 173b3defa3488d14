/**
 * Sessions live in Redis so that logout, password change, deactivation and deletion end a token
 * everywhere at once: a token is valid only while its session key exists. A session also says
 * whether its user must choose a new password first (signed in with a temporary one), which every
 * service's authenticator enforces.
 *
 * Each session keeps what its member needs to recognise it in their list of signed-in devices:
 * when it began, the browser (User-Agent) and the address it signed in from, and when it was last
 * used. The last use is a key of its own beside the session, written by `get` (every
 * authenticator's check) at most once a minute per session and process, so the session value is
 * never rewritten on a request.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface SessionInfo {
  userId: string;
  mustChangePassword: boolean;
  /** ISO time it was created; null for a session from before this was recorded. */
  createdAt: string | null;
  /** The User-Agent it signed in with ('' when unknown). */
  userAgent: string;
  /** The client address it signed in from ('' when unknown). */
  address: string;
}

/** Who signed in: the browser's User-Agent and the client's address. */
export interface SessionClient {
  userAgent?: string;
  address?: string;
}

/** One live session of a member, as their device list shows it. */
export interface SessionListing {
  /** An opaque id for the session (a hash of its secret id), safe to show and send back. */
  id: string;
  createdAt: string | null;
  /** ISO time of its last use; its creation when unused since, null when neither is known. */
  lastSeenAt: string | null;
  userAgent: string;
  address: string;
}

/** How long a recorded last use may lag behind: one write per session and process at most. */
export const SESSION_SEEN_EVERY_MS = 60_000;
/** Sessions whose last write time a process remembers before it forgets them all. */
const SEEN_REMEMBERED = 50_000;

/** The public id of a session: 32 hex characters of its secret id's SHA-256. */
export const publicSessionId = (sid: string) =>
  createHash('sha256').update(sid).digest('hex').slice(0, 32);

export const PUBLIC_SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * Stored as JSON; a bare user id (sessions from before the flag existed) reads as no flag, and a
 * session from before the device details reads without them.
 */
function decode(value: string | null): SessionInfo | null {
  if (value === null) return null;
  if (!value.startsWith('{'))
    return {
      userId: value,
      mustChangePassword: false,
      createdAt: null,
      userAgent: '',
      address: '',
    };
  try {
    const parsed = JSON.parse(value) as Partial<Record<keyof SessionInfo, unknown>>;
    if (typeof parsed.userId !== 'string') return null;
    return {
      userId: parsed.userId,
      mustChangePassword: parsed.mustChangePassword === true,
      createdAt: typeof parsed.createdAt === 'string' ? parsed.createdAt : null,
      userAgent: typeof parsed.userAgent === 'string' ? parsed.userAgent : '',
      address: typeof parsed.address === 'string' ? parsed.address : '',
    };
  } catch {
    return null;
  }
}

const encode = (info: SessionInfo) => JSON.stringify(info);

/** Records the last use, living exactly as long as the session; nothing when it has ended. */
const TOUCH_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('SET', KEYS[2], ARGV[1], 'PX', ttl) end
return ttl`;

/** A header can be long; what is kept of it is enough to name the browser. */
const MAX_USER_AGENT = 512;

export class SessionStore {
  /** When this process last recorded each session's use. */
  private readonly seenWritten = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private sessionKey(sid: string) {
    return `${this.prefix}session:${sid}`;
  }

  private seenKey(sid: string) {
    return `${this.prefix}session-seen:${sid}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}user-sessions:${userId}`;
  }

  async create(
    userId: string,
    ttlSeconds: number,
    options: { mustChangePassword?: boolean; client?: SessionClient } = {},
  ): Promise<string> {
    const sid = randomUUID();
    const info: SessionInfo = {
      userId,
      mustChangePassword: options.mustChangePassword ?? false,
      createdAt: new Date(this.now()).toISOString(),
      userAgent: (options.client?.userAgent ?? '').slice(0, MAX_USER_AGENT),
      address: options.client?.address ?? '',
    };
    await this.redis
      .multi()
      .set(this.sessionKey(sid), encode(info), 'EX', ttlSeconds)
      .sadd(this.userKey(userId), sid)
      .expire(this.userKey(userId), ttlSeconds)
      .exec();
    return sid;
  }

  private async read(sid: string): Promise<SessionInfo | null> {
    return decode(await this.redis.get(this.sessionKey(sid)));
  }

  /**
   * The live session, or null when it was revoked or expired. Asked on every authenticated
   * request, so it also records the session's use, at most once a minute, in the same round trip.
   */
  async get(sid: string): Promise<SessionInfo | null> {
    const now = this.now();
    const written = this.seenWritten.get(sid);
    if (written !== undefined && now - written < SESSION_SEEN_EVERY_MS) return this.read(sid);
    if (this.seenWritten.size >= SEEN_REMEMBERED) this.seenWritten.clear();
    this.seenWritten.set(sid, now);
    const results = await this.redis
      .pipeline()
      .get(this.sessionKey(sid))
      .eval(TOUCH_SCRIPT, 2, this.sessionKey(sid), this.seenKey(sid), String(now))
      .exec();
    const [readError, value] = results?.[0] ?? [new Error('no reply'), null];
    if (readError) throw readError;
    return decode(value as string | null);
  }

  /** The user id the session belongs to, or null when it was revoked or expired. */
  async userOf(sid: string): Promise<string | null> {
    return (await this.read(sid))?.userId ?? null;
  }

  /** The user chose a new password: this session may reach everything again. */
  async clearPasswordChange(sid: string): Promise<void> {
    const info = await this.read(sid);
    if (!info) return;
    await this.redis.set(
      this.sessionKey(sid),
      encode({ ...info, mustChangePassword: false }),
      'KEEPTTL',
      'XX',
    );
  }

  /** The user's live sessions, most recently used first; ended ones are dropped from the index. */
  async list(userId: string): Promise<SessionListing[]> {
    const sids = await this.redis.smembers(this.userKey(userId));
    if (sids.length === 0) return [];
    const values = await this.redis.mget(...sids.map((s) => this.sessionKey(s)));
    const seen = await this.redis.mget(...sids.map((s) => this.seenKey(s)));
    const listed: SessionListing[] = [];
    const gone: string[] = [];
    sids.forEach((sid, i) => {
      const info = decode(values[i] ?? null);
      if (!info || info.userId !== userId) return void gone.push(sid);
      const seenAt = Number(seen[i]);
      listed.push({
        id: publicSessionId(sid),
        createdAt: info.createdAt,
        lastSeenAt:
          Number.isFinite(seenAt) && seenAt > 0 ? new Date(seenAt).toISOString() : info.createdAt,
        userAgent: info.userAgent,
        address: info.address,
      });
    });
    if (gone.length > 0) await this.redis.srem(this.userKey(userId), ...gone);
    const time = (s: SessionListing) => Date.parse(s.lastSeenAt ?? '') || 0;
    return listed.sort((a, b) => time(b) - time(a));
  }

  async revoke(sid: string): Promise<void> {
    const info = await this.read(sid);
    const tx = this.redis.multi().del(this.sessionKey(sid), this.seenKey(sid));
    if (info) tx.srem(this.userKey(info.userId), sid);
    await tx.exec();
  }

  /**
   * Ends the user's session with this public id. False when the user has no such session (one of
   * another user is never found, so never ended).
   */
  async revokeByPublicId(userId: string, id: string): Promise<boolean> {
    if (!PUBLIC_SESSION_ID.test(id)) return false;
    const sid = (await this.redis.smembers(this.userKey(userId))).find(
      (s) => publicSessionId(s) === id,
    );
    if (!sid) return false;
    const [[, deleted] = [null, 0]] =
      (await this.redis
        .multi()
        .del(this.sessionKey(sid))
        .del(this.seenKey(sid))
        .srem(this.userKey(userId), sid)
        .exec()) ?? [];
    return deleted === 1;
  }

  /** Ends every session of the user, or every one but `except` (the caller's own). */
  async revokeAllFor(userId: string, options: { except?: string } = {}): Promise<number> {
    const sids = (await this.redis.smembers(this.userKey(userId))).filter(
      (s) => s !== options.except,
    );
    if (sids.length === 0) return 0;
    const [[, deleted] = [null, 0]] =
      (await this.redis
        .multi()
        .del(...sids.map((s) => this.sessionKey(s)))
        .del(...sids.map((s) => this.seenKey(s)))
        .srem(this.userKey(userId), ...sids)
        .exec()) ?? [];
    return typeof deleted === 'number' ? deleted : 0;
  }
}
