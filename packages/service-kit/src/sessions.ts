/**
 * Sessions live in Redis so that logout, password change, deactivation and deletion end a token
 * everywhere at once: a token is valid only while its session key exists. A session also says
 * whether its user must choose a new password first (signed in with a temporary one), which every
 * service's authenticator enforces.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface SessionInfo {
  userId: string;
  mustChangePassword: boolean;
}

/** Stored as JSON; a bare user id (sessions from before the flag existed) reads as no flag. */
function decode(value: string | null): SessionInfo | null {
  if (value === null) return null;
  if (!value.startsWith('{')) return { userId: value, mustChangePassword: false };
  try {
    const parsed = JSON.parse(value) as Partial<SessionInfo>;
    if (typeof parsed.userId !== 'string') return null;
    return { userId: parsed.userId, mustChangePassword: parsed.mustChangePassword === true };
  } catch {
    return null;
  }
}

const encode = (info: SessionInfo) => JSON.stringify(info);

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private sessionKey(sid: string) {
    return `${this.prefix}session:${sid}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}user-sessions:${userId}`;
  }

  async create(
    userId: string,
    ttlSeconds: number,
    options: { mustChangePassword?: boolean } = {},
  ): Promise<string> {
    const sid = randomUUID();
    const info = { userId, mustChangePassword: options.mustChangePassword ?? false };
    await this.redis
      .multi()
      .set(this.sessionKey(sid), encode(info), 'EX', ttlSeconds)
      .sadd(this.userKey(userId), sid)
      .expire(this.userKey(userId), ttlSeconds)
      .exec();
    return sid;
  }

  /** The live session, or null when it was revoked or expired. */
  async get(sid: string): Promise<SessionInfo | null> {
    return decode(await this.redis.get(this.sessionKey(sid)));
  }

  /** The user id the session belongs to, or null when it was revoked or expired. */
  async userOf(sid: string): Promise<string | null> {
    return (await this.get(sid))?.userId ?? null;
  }

  /** The user chose a new password: this session may reach everything again. */
  async clearPasswordChange(sid: string): Promise<void> {
    const info = await this.get(sid);
    if (!info) return;
    await this.redis.set(
      this.sessionKey(sid),
      encode({ ...info, mustChangePassword: false }),
      'KEEPTTL',
      'XX',
    );
  }

  async revoke(sid: string): Promise<void> {
    const info = await this.get(sid);
    const tx = this.redis.multi().del(this.sessionKey(sid));
    if (info) tx.srem(this.userKey(info.userId), sid);
    await tx.exec();
  }

  /** Ends every session of the user, or every one but `except` (the caller's own). */
  async revokeAllFor(userId: string, options: { except?: string } = {}): Promise<number> {
    const sids = (await this.redis.smembers(this.userKey(userId))).filter(
      (s) => s !== options.except,
    );
    if (sids.length === 0) return 0;
    await this.redis
      .multi()
      .del(...sids.map((s) => this.sessionKey(s)))
      .srem(this.userKey(userId), ...sids)
      .exec();
    return sids.length;
  }
}
