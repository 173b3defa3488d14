/**
 * Sessions live in Redis so that logout, password change, deactivation and deletion end a token
 * everywhere at once: a token is valid only while its session key exists.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

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

  async create(userId: string, ttlSeconds: number): Promise<string> {
    const sid = randomUUID();
    await this.redis
      .multi()
      .set(this.sessionKey(sid), userId, 'EX', ttlSeconds)
      .sadd(this.userKey(userId), sid)
      .expire(this.userKey(userId), ttlSeconds)
      .exec();
    return sid;
  }

  /** The user id the session belongs to, or null when it was revoked or expired. */
  async userOf(sid: string): Promise<string | null> {
    return this.redis.get(this.sessionKey(sid));
  }

  async revoke(sid: string): Promise<void> {
    const userId = await this.redis.get(this.sessionKey(sid));
    const tx = this.redis.multi().del(this.sessionKey(sid));
    if (userId) tx.srem(this.userKey(userId), sid);
    await tx.exec();
  }

  async revokeAllFor(userId: string): Promise<number> {
    const sids = await this.redis.smembers(this.userKey(userId));
    await this.redis
      .multi()
      .del(...sids.map((s) => this.sessionKey(s)), this.userKey(userId))
      .exec();
    return sids.length;
  }
}
