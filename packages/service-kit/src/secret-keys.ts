/**
 * Symmetric keys a service is given in its configuration (32 random bytes as 64 hex digits or
 * base64), each under its own name: required in production; in development, with none given,
 * generated once into the data folder (DATA_DIR/keys/<file>, as the JWT keys) and read from then
 * on by every process that uses it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createOnce } from './keys';

export const secretKeyRequired = (name: string) => `${name} is required when NODE_ENV=production`;
export const secretKeyInvalid = (name: string) =>
  `${name} must be 32 bytes written as 64 hex digits or as base64 (openssl rand -base64 32)`;

/**
 * Whether a token's signature, as written (base64url), is exactly the expected MAC's canonical
 * text. Comparing the written text rather than its decoded bytes refuses the other spellings of
 * the same bytes (a last character whose unused bits differ), so a token has one valid form.
 */
export function signatureMatches(written: string, expected: Buffer): boolean {
  const given = Buffer.from(written, 'utf8');
  const wanted = Buffer.from(expected.toString('base64url'), 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The key written as 64 hex digits or base64; anything not 32 bytes is refused naming it. */
export function parseSecretKey(name: string, text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(secretKeyInvalid(name));
  return key;
}

/** The keys of a throwaway data folder ('memory://'): one per file and process, never written. */
const memoryKeys = new Map<string, Buffer>();

/** Reads the development key from dataDir/keys/<file>, creating it first if missing. */
export function ensureDevSecretKey(name: string, dataDir: string, file: string): Buffer {
  if (dataDir === 'memory://') {
    const key = memoryKeys.get(file) ?? randomBytes(32);
    memoryKeys.set(file, key);
    return key;
  }
  const dir = path.join(dataDir, 'keys');
  const keyFile = path.join(dir, file);
  const read = (): Buffer | undefined => {
    try {
      const text = readFileSync(keyFile, 'utf8');
      // A file another process is writing this moment reads as empty (or short): not yet.
      return text.trim().length >= 44 ? parseSecretKey(name, text) : undefined;
    } catch {
      return undefined;
    }
  };
  mkdirSync(dir, { recursive: true });
  return createOnce(`the ${name} in ${dir}`, read, () => {
    const key = randomBytes(32);
    writeFileSync(keyFile, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  });
}

/** The given key, or (outside production) the development one kept in the data folder. */
export function resolveSecretKey(options: {
  /** The configuration key's name, for the messages (e.g. MAIL_SECRET_KEY). */
  name: string;
  /** Its file under DATA_DIR/keys in development. */
  file: string;
  key?: string;
  nodeEnv: string;
  dataDir: string;
}): Buffer {
  if (options.key) return parseSecretKey(options.name, options.key);
  if (options.nodeEnv === 'production') throw new Error(secretKeyRequired(options.name));
  return ensureDevSecretKey(options.name, options.dataDir, options.file);
}

/** The secret key `name` of a service's config: resolveSecretKey with its NODE_ENV and DATA_DIR. */
export function secretKeyFrom<TName extends string>(
  config: { NODE_ENV: string; DATA_DIR: string } & { [K in TName]?: string },
  name: TName,
  file: string,
): Buffer {
  return resolveSecretKey({
    name,
    file,
    key: config[name],
    nodeEnv: config.NODE_ENV,
    dataDir: config.DATA_DIR,
  });
}
