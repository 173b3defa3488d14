/**
 * Password hashing: argon2id at OWASP's recommended cost (Password Storage Cheat Sheet: 19 MiB
 * of memory, 2 iterations, 1 lane), which ASVS 4.0.3 level 2 (2.4.1) points to. The library's
 * own default (64 MiB, 3 iterations, 4 lanes) costs about seven times the CPU for every sign-in:
 * 200 members signing in within seconds of each other kept a two-core machine busy for over a
 * minute and sign-ins ran into the gateway's 60 s limit. A hash made at another cost still
 * verifies (its parameters are part of it) and is replaced at the next sign-in.
 */
import argon2 from 'argon2';

export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, PASSWORD_HASH_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made at another cost than PASSWORD_HASH_OPTIONS. */
export function needsRehash(hash: string): boolean {
  const params = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  return (
    !params ||
    Number(params[1]) !== PASSWORD_HASH_OPTIONS.memoryCost ||
    Number(params[2]) !== PASSWORD_HASH_OPTIONS.timeCost ||
    Number(params[3]) !== PASSWORD_HASH_OPTIONS.parallelism
  );
}

/** A hash to verify against when no user matched, so a miss takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-1A!'));
