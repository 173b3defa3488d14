import argon2 from 'argon2';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { isCommonPassword } from './passwords-common';

describe('password hashes', () => {
  it('when a password is hashed, then it is argon2id at 19 MiB, 2 iterations, 1 lane', async () => {
    const hash = await hashPassword('Member!Pass2026');

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Member!Pass2026')).toBe(true);
    expect(await verifyPassword(hash, 'Member!Pass2027')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('when a hash was made at the library default cost, then it verifies and needs a rehash', async () => {
    const old = await argon2.hash('Member!Pass2026', { type: argon2.argon2id });

    expect(old).toMatch(/\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(old, 'Member!Pass2026')).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('when the stored value is not an argon2id hash, then it needs a rehash and never verifies', async () => {
    expect(needsRehash('not a hash')).toBe(true);
    expect(await verifyPassword('not a hash', 'not a hash')).toBe(false);
  });
});

describe('common passwords', () => {
  it.each([
    ['password', true],
    ['PASSWORD', true],
    ['P@ssw0rd', true],
    ['Password1!', true],
    ['!!Football2024', true],
    ['Qwerty123!', true],
    ['Riverside!Keeper42', false],
    ['Coach!Pass1', false],
    ['TeamApp!2026', false],
    ['Xk4mPq7z', false],
    ['Abc!1234', false],
  ])('when the password is %j, then common is %s', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});
