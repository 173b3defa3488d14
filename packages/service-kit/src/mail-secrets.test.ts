import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_REMOVED, type MailJob } from '@teamapp/contracts';
import {
  createMailSecrets,
  ensureDevMailSecretKey,
  MAIL_SECRET_KEY_INVALID,
  MAIL_SECRET_KEY_REQUIRED,
  MailSecretError,
  resolveMailSecretKey,
} from './mail-secrets';

const invitation: MailJob = {
  template: 'invitation',
  to: 'nia@club.test',
  name: 'Nia',
  role: 'player',
  loginUrl: 'http://club.test/login',
  tempPassword: 'Xk4mPq7z',
  expiresAt: '2030-03-08T12:00:00.000Z',
};
const reset: MailJob = {
  template: 'password-reset',
  to: 'sam@club.test',
  name: 'Sam',
  resetUrl: 'http://club.test/reset-password?token=secret-token',
};

describe('mail secrets', () => {
  const secrets = createMailSecrets(randomBytes(32));

  it('when a mail is sealed, then its secret is not in it and opening gives the mail back', () => {
    for (const mail of [invitation, reset]) {
      const sealed = secrets.seal(mail);
      expect(JSON.stringify(sealed)).not.toMatch(/Xk4mPq7z|secret-token/);
      expect(secrets.open(sealed)).toEqual(mail);
    }
    // Sealed twice, it reads differently (a fresh IV each time).
    expect(secrets.seal(reset)).not.toEqual(secrets.seal(reset));
  });

  it('when a mail has no secret, then sealing and opening leave it as it is', () => {
    const changed: MailJob = { template: 'password-changed', to: 'sam@club.test', name: 'Sam' };
    expect(secrets.seal(changed)).toBe(changed);
    expect(secrets.open(changed)).toBe(changed);
    expect(secrets.hasSecret(changed)).toBe(false);
  });

  it('when opened with another key, readdressed or altered, then MailSecretError', () => {
    const sealed = secrets.seal(invitation);
    const other = createMailSecrets(randomBytes(32));
    expect(() => other.open(sealed)).toThrow(MailSecretError);
    expect(() => secrets.open({ ...sealed, to: 'thief@club.test' })).toThrow(
      "MAIL_SECRET_KEY differs from the sender's, or the job was altered",
    );
    expect(() => secrets.open({ ...invitation, tempPassword: 'sealed:v1:a.b.c' })).toThrow(
      MailSecretError,
    );
    expect(() => secrets.open(invitation)).toThrow(MailSecretError);
  });

  it('when the secret was removed, then opening says so and it has no secret left', () => {
    const removed = secrets.withoutSecret(secrets.seal(reset));
    expect(removed).toMatchObject({ resetUrl: SECRET_REMOVED });
    expect(secrets.hasSecret(removed)).toBe(false);
    expect(() => secrets.open(removed)).toThrow(/was removed once it was sent or failed for good/);
  });
});

describe('the mail secret key', () => {
  it('when none is given in development, then one is generated once into the data folder and reused', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mail-key-'));

    const first = resolveMailSecretKey({ nodeEnv: 'development', dataDir: dir });
    const second = ensureDevMailSecretKey(dir);

    expect(second.equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    expect(readdirSync(path.join(dir, 'keys'))).toEqual(['mail-secret.key']);
    expect(statSync(path.join(dir, 'keys', 'mail-secret.key')).mode & 0o777).toBe(0o600);
    // What one service seals with the generated key, another opens with it.
    const sealed = createMailSecrets(first).seal(reset);
    expect(createMailSecrets(second).open(sealed)).toEqual(reset);
  });

  it('when NODE_ENV=production has none, then it refuses naming MAIL_SECRET_KEY', () => {
    expect(() => resolveMailSecretKey({ nodeEnv: 'production', dataDir: '/nonexistent' })).toThrow(
      MAIL_SECRET_KEY_REQUIRED,
    );
  });

  it('when one is given as hex or base64, then it is used; anything not 32 bytes is refused', () => {
    const key = randomBytes(32);
    const given = { nodeEnv: 'production', dataDir: '/nonexistent' };
    expect(resolveMailSecretKey({ ...given, key: key.toString('hex') }).equals(key)).toBe(true);
    expect(resolveMailSecretKey({ ...given, key: key.toString('base64') }).equals(key)).toBe(true);
    for (const bad of [
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
    ])
      expect(() => resolveMailSecretKey({ ...given, key: bad })).toThrow(MAIL_SECRET_KEY_INVALID);
  });
});
