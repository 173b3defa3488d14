import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDevKeyPair, resolveKeyPair, resolvePublicKey } from './keys';
import { signToken, verifyToken } from './auth';

describe('JWT keys', () => {
  it('when no keys are given in development, then one pair is generated once and reused', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keys-'));

    const first = resolveKeyPair({ nodeEnv: 'development', dataDir: dir });
    const second = ensureDevKeyPair(dir);
    const publicOnly = resolvePublicKey({ nodeEnv: 'development', dataDir: dir });

    expect(second).toEqual(first);
    expect(publicOnly).toBe(first.publicKey);
    const token = signToken({ sub: 'u1', role: 'player', sid: 's1' }, first.privateKey, 60);
    expect(verifyToken(token, publicOnly)).toEqual({ sub: 'u1', role: 'player', sid: 's1' });
  });

  it('when NODE_ENV=production has no keys, then it refuses', () => {
    expect(() => resolveKeyPair({ nodeEnv: 'production', dataDir: '/nonexistent' })).toThrow(
      /required/,
    );
    expect(() => resolvePublicKey({ nodeEnv: 'production', dataDir: '/nonexistent' })).toThrow(
      /required/,
    );
  });

  it('when a token is signed by another key or tampered with, then it is not accepted', () => {
    const a = ensureDevKeyPair(mkdtempSync(path.join(os.tmpdir(), 'keys-a-')));
    const b = ensureDevKeyPair(mkdtempSync(path.join(os.tmpdir(), 'keys-b-')));
    const token = signToken({ sub: 'u1', role: 'admin', sid: 's1' }, a.privateKey, 60);

    expect(verifyToken(token, b.publicKey)).toBeNull();
    expect(verifyToken(`${token.slice(0, -2)}xx`, a.publicKey)).toBeNull();
  });

  it('when the data folder is the throwaway memory://, then one pair serves the process and nothing is written', () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keys-memory-'));
    process.chdir(dir);
    try {
      const first = ensureDevKeyPair('memory://');
      const second = resolveKeyPair({ nodeEnv: 'development', dataDir: 'memory://' });

      expect(second).toEqual(first);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  });
});
