/**
 * Authentication for every service: verify the RS256 bearer token with the public key, check its
 * session is still live in Redis, refuse a session whose user must first choose a new password,
 * and guard routes by role.
 */
import { PASSWORD_CHANGE_REQUIRED, type Role } from '@teamapp/contracts';
import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { RouterMiddleware } from '@koa/router';
import type { Context } from 'koa';
import { AppError, forbidden, unauthorized } from './errors';
import { tagMiddleware } from './openapi';
import type { SessionStore } from './sessions';

export interface AuthUser {
  id: string;
  role: Role;
  sid: string;
  /** Signed in with a temporary password; only the password change is open to them. */
  mustChangePassword: boolean;
}

export const passwordChangeRequired = () =>
  new AppError('password_change_required', PASSWORD_CHANGE_REQUIRED, 403);

export interface TokenClaims {
  sub: string;
  role: Role;
  sid: string;
}

export const TOKEN_ISSUER = 'teamapp-auth';

export function signToken(claims: TokenClaims, privateKey: string, ttlSeconds: number): string {
  return jwt.sign({ role: claims.role, sid: claims.sid }, privateKey, {
    algorithm: 'RS256',
    subject: claims.sub,
    issuer: TOKEN_ISSUER,
    expiresIn: ttlSeconds,
  });
}

/** `now`: the clock in milliseconds that expiry is judged by (the wall clock by default). */
export function verifyToken(
  token: string,
  publicKey: string | KeyObject,
  now: () => number = Date.now,
): TokenClaims | null {
  try {
    const payload = jwt.verify(token, publicKey, {
      algorithms: ['RS256'],
      issuer: TOKEN_ISSUER,
      clockTimestamp: Math.floor(now() / 1000),
    });
    if (typeof payload !== 'object' || !payload.sub) return null;
    const { role, sid } = payload as Record<string, unknown>;
    if ((role !== 'admin' && role !== 'player') || typeof sid !== 'string') return null;
    return { sub: payload.sub, role, sid };
  } catch {
    return null;
  }
}

export interface Authenticator {
  /**
   * Middleware: 401 unless a valid, live token is presented; 403 `password_change_required`
   * while its user must choose a new password. Sets ctx.state.user.
   */
  requireAuth: RouterMiddleware;
  /** As requireAuth, but also open to a user who must choose a new password (change, logout). */
  requireAuthForPasswordChange: RouterMiddleware;
  /** Middleware: 403 unless ctx.state.user has one of the roles. Use after requireAuth. */
  requireRole: (roles: Role | Role[], message?: string) => RouterMiddleware;
}

/** Tokens whose signature was checked, kept at most (a member sends the same one all day). */
const VERIFIED_TOKENS = 10_000;

/**
 * verifyToken, remembering the tokens it accepted until they expire: the RS256 signature check
 * costs more than the rest of a cached list read, and a token's signature never changes. Whether
 * its session still lives is asked every time (authenticate).
 */
function tokenVerifier(publicKey: string, now: () => number = Date.now) {
  // Parsed once, on first use; a key that does not parse is left to verifyToken to refuse.
  let key: KeyObject | string | undefined;
  const keyOf = () => {
    if (key === undefined) {
      try {
        key = createPublicKey(publicKey);
      } catch {
        key = publicKey;
      }
    }
    return key;
  };
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return (token: string): TokenClaims | null => {
    const kept = verified.get(token);
    if (kept) {
      if (now() < kept.expiresAt) return kept.claims;
      verified.delete(token);
    }
    const claims = verifyToken(token, keyOf(), now);
    if (!claims) return null;
    const { exp } = jwt.decode(token) as { exp?: number };
    if (typeof exp !== 'number') return claims;
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: exp * 1000 });
    return claims;
  };
}

export function createAuthenticator(
  publicKey: string,
  sessions: SessionStore,
  /** `now`: the clock tokens expire by, in milliseconds (tests pass one they can move). */
  options: { now?: () => number } = {},
): Authenticator {
  const verify = tokenVerifier(publicKey, options.now);
  const authenticate = async (ctx: Context): Promise<AuthUser> => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const claims = verify(match[1]!);
    if (!claims) throw unauthorized();
    let session: Awaited<ReturnType<SessionStore['get']>>;
    try {
      session = await sessions.get(claims.sid);
    } catch (err) {
      ctx.state.log?.error({ err }, 'session store unavailable');
      throw new AppError('unavailable', 'Server error. Please try again later.', 503);
    }
    if (session?.userId !== claims.sub) throw unauthorized();
    const user: AuthUser = {
      id: claims.sub,
      role: claims.role,
      sid: claims.sid,
      mustChangePassword: session.mustChangePassword,
    };
    // From here the request's log lines name the member (requestLogging).
    ctx.state.user = user;
    return user;
  };
  // Each guard is tagged with what it enforces, for the service's OpenAPI description.
  const requireAuth: RouterMiddleware = tagMiddleware<RouterMiddleware>(
    async (ctx, next) => {
      const user = await authenticate(ctx);
      if (user.mustChangePassword) throw passwordChangeRequired();
      await next();
    },
    { kind: 'auth' },
  );
  const requireAuthForPasswordChange: RouterMiddleware = tagMiddleware<RouterMiddleware>(
    async (ctx, next) => {
      await authenticate(ctx);
      await next();
    },
    { kind: 'auth' },
  );
  return {
    requireAuth,
    requireAuthForPasswordChange,
    requireRole(roles, message) {
      const allowed = Array.isArray(roles) ? roles : [roles];
      return tagMiddleware<RouterMiddleware>(
        async (ctx, next) => {
          const user = ctx.state.user as AuthUser | undefined;
          if (!user) throw unauthorized();
          if (!allowed.includes(user.role)) throw forbidden(message);
          await next();
        },
        { kind: 'role', roles: allowed },
      );
    },
  };
}
