import { createHmac } from 'node:crypto';
import { signatureMatches } from './secret-keys';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('signatureMatches', () => {
  const mac = createHmac('sha256', 'key').update('claims').digest();
  const written = mac.toString('base64url');

  it('accepts the signature as the signer wrote it', () => {
    expect(signatureMatches(written, mac)).toBe(true);
  });

  it('refuses another spelling of the same bytes (the last character differs in unused bits)', () => {
    // 32 bytes take 43 characters: the last one carries two bits nobody reads.
    const last = ALPHABET.indexOf(written.at(-1)!);
    const sameBytes = written.slice(0, -1) + ALPHABET[last ^ 1];
    expect(Buffer.from(sameBytes, 'base64url').equals(mac)).toBe(true);
    expect(signatureMatches(sameBytes, mac)).toBe(false);
  });

  it('refuses any other signature, a cut one and padding', () => {
    const other = createHmac('sha256', 'key').update('other claims').digest();
    expect(signatureMatches(other.toString('base64url'), mac)).toBe(false);
    expect(signatureMatches(written.slice(0, -1), mac)).toBe(false);
    expect(signatureMatches(`${written}=`, mac)).toBe(false);
    expect(signatureMatches('', mac)).toBe(false);
  });
});
