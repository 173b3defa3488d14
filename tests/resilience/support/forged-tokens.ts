/**
 * Tokens an attacker might present, built from a real member's token: each must be refused (401)
 * by every route that needs a sign-in. Some are signed with the platform's own private key on
 * purpose, to isolate one check (expiry, the session's owner) from the signature check.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';

const ISSUER = 'teamapp-auth';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The platform's RS256 key pair, as `npm start` keeps it in the data folder. */
export function platformKeys(dataDir: string): { privateKey: string; publicKey: string } {
  const dir = path.join(dataDir, 'keys');
  return {
    privateKey: readFileSync(path.join(dir, 'jwt-private.pem'), 'utf8'),
    publicKey: readFileSync(path.join(dir, 'jwt-public.pem'), 'utf8'),
  };
}

export interface TokenClaims {
  sub: string;
  role: string;
  sid: string;
}

/** The claims of a real token (read, not verified). */
export function claimsOf(token: string): TokenClaims {
  const payload = jwt.decode(token) as Record<string, unknown> | null;
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
    throw new Error('not a TeamApp token');
  return { sub: payload.sub, role: String(payload.role), sid: payload.sid };
}

const unsigned = (header: object, payload: object) =>
  `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;

let strangerKey: string | undefined;

/**
 * The forgeries of a live player token, by name. `revoked` and `deletedUser` are real tokens whose
 * session was ended by logout and whose account was deleted; the caller brings them.
 */
export function forgeries(
  token: string,
  keys: { privateKey: string; publicKey: string },
  other: { userId: string },
): Record<string, string> {
  const claims = claimsOf(token);
  const now = Math.floor(Date.now() / 1000);
  // What every forgery claims: the player's own session, with the admin role.
  const escalated = {
    role: 'admin',
    sid: claims.sid,
    sub: claims.sub,
    iss: ISSUER,
    iat: now,
    exp: now + 600,
  };
  const [header, , signature] = token.split('.');
  strangerKey ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  const hs256Body = unsigned({ alg: 'HS256', typ: 'JWT' }, escalated);
  return {
    'alg-none': `${unsigned({ alg: 'none', typ: 'JWT' }, escalated)}.`,
    'hs256-public-key': `${hs256Body}.${createHmac('sha256', keys.publicKey).update(hs256Body).digest('base64url')}`,
    'payload-changed': `${header}.${base64url(JSON.stringify(escalated))}.${signature}`,
    'other-key': jwt.sign({ role: 'admin', sid: claims.sid }, strangerKey, {
      algorithm: 'RS256',
      subject: claims.sub,
      issuer: ISSUER,
      expiresIn: 600,
    }),
    // Signed with the platform's own key: only the expiry is wrong.
    expired: jwt.sign(
      { role: claims.role, sid: claims.sid, exp: now - 60, iat: now - 3600 },
      keys.privateKey,
      { algorithm: 'RS256', subject: claims.sub, issuer: ISSUER },
    ),
    // Signed with the platform's own key: a live session, but another member's.
    'someone-elses-session': jwt.sign({ role: 'player', sid: claims.sid }, keys.privateKey, {
      algorithm: 'RS256',
      subject: other.userId,
      issuer: ISSUER,
      expiresIn: 600,
    }),
  };
}
