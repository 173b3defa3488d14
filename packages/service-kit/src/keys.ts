/**
 * JWT signing keys. Given keys are used as they are; in development, with none given, one RS256
 * pair is generated once into the data folder and reused by every service from then on.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** PEM text may arrive with literal "\n" sequences from a one-line environment variable. */
export const normalisePem = (pem: string) => pem.replace(/\\n/g, '\n').trim() + '\n';

function keyDir(dataDir: string) {
  return path.join(dataDir, 'keys');
}

const generatePair = (): KeyPair =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** The pair of a throwaway data folder ('memory://'): one per process, never written to disk. */
let memoryPair: KeyPair | undefined;

/**
 * Reads the development key pair from dataDir/keys, creating it first if missing. With the
 * throwaway 'memory://' data folder the pair lives in this process only.
 */
export function ensureDevKeyPair(dataDir: string): KeyPair {
  if (dataDir === 'memory://') return (memoryPair ??= generatePair());
  const dir = keyDir(dataDir);
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  const read = (): KeyPair | undefined => {
    try {
      return {
        privateKey: readFileSync(privatePath, 'utf8'),
        publicKey: readFileSync(publicPath, 'utf8'),
      };
    } catch {
      return undefined;
    }
  };
  mkdirSync(dir, { recursive: true });
  return createOnce(`the key pair in ${dir}`, read, () => {
    const pair = generatePair();
    // The public key first: whoever sees the private key can rely on the public one being there.
    writeFileSync(publicPath, pair.publicKey, { flag: 'wx' });
    writeFileSync(privatePath, pair.privateKey, { flag: 'wx', mode: 0o600 });
    return pair;
  });
}

/**
 * A development secret kept in the data folder, which every service starting at once may try to
 * create: the one already there, else the one `write` creates (its files opened with `wx`, so a
 * second writer fails); when another process won that race, its secret once it can be read.
 */
export function createOnce<T>(what: string, read: () => T | undefined, write: () => T): T {
  const existing = read();
  if (existing) return existing;
  try {
    return write();
  } catch {
    // Another process is writing its secret; wait for it to finish and use that one.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const theirs = read();
      if (theirs) return theirs;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
    throw new Error(`could not read ${what}`);
  }
}

export function resolvePublicKey(options: {
  publicKey?: string;
  nodeEnv: string;
  dataDir: string;
}): string {
  if (options.publicKey) return normalisePem(options.publicKey);
  if (options.nodeEnv === 'production') {
    throw new Error('JWT_PUBLIC_KEY is required when NODE_ENV=production');
  }
  return ensureDevKeyPair(options.dataDir).publicKey;
}

export function resolveKeyPair(options: {
  privateKey?: string;
  publicKey?: string;
  nodeEnv: string;
  dataDir: string;
}): KeyPair {
  if (options.privateKey && options.publicKey) {
    return {
      privateKey: normalisePem(options.privateKey),
      publicKey: normalisePem(options.publicKey),
    };
  }
  if (options.nodeEnv === 'production') {
    throw new Error('JWT_PRIVATE_KEY and JWT_PUBLIC_KEY are required when NODE_ENV=production');
  }
  return ensureDevKeyPair(options.dataDir);
}
