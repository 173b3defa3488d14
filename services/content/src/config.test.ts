/**
 * The push settings of the content configuration (reference §7): the VAPID keys (generated into
 * the data folder outside production, required in production) and the push services' origins.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContentConfig } from './config';
import { parsePushOrigins, pushEndpointAllowed } from './domain/push-origins';
import { resolveVapidKeys } from './domain/vapid';

const KEYS = {
  VAPID_PUBLIC_KEY: 'BPublicKeyForTests',
  VAPID_PRIVATE_KEY: 'privateKeyForTests',
};

describe('push configuration', () => {
  it('when CLUB_TIME_ZONE is no IANA zone, then it refuses; a real one is kept for quiet hours', () => {
    expect(() => loadContentConfig({ CLUB_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'must be an IANA time zone such as America/New_York',
    );
    expect(loadContentConfig({ CLUB_TIME_ZONE: 'America/Chicago' }).CLUB_TIME_ZONE).toBe(
      'America/Chicago',
    );
  });

  it('when production starts without VAPID keys, then it refuses', () => {
    expect(() => loadContentConfig({ NODE_ENV: 'production' })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production',
    );
  });

  it('when only one VAPID key is given, then it refuses', () => {
    expect(() => loadContentConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow('set together');
  });

  it('when production lists a plain http origin, then it refuses; development takes it as written', () => {
    const env = { ...KEYS, PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com,http://127.0.0.1:9' };
    expect(() => loadContentConfig({ NODE_ENV: 'production', ...env })).toThrow(
      'PUSH_ALLOWED_ORIGINS must list https origins only when NODE_ENV=production (http://127.0.0.1:9)',
    );
    expect(loadContentConfig(env).pushOrigins.map((o) => o.text)).toContain('http://127.0.0.1:9');
  });

  it('when production has its keys and the default origins, then it starts with them', () => {
    const config = loadContentConfig({ NODE_ENV: 'production', ...KEYS });
    expect(config.pushOrigins.map((o) => o.text)).toEqual([
      'https://fcm.googleapis.com',
      'https://updates.push.services.mozilla.com',
      'https://*.notify.windows.com',
      'https://web.push.apple.com',
    ]);
  });

  it.each(['https://fcm.googleapis.com/fcm', 'fcm.googleapis.com', 'ftp://push.example.org', ' '])(
    'when PUSH_ALLOWED_ORIGINS is %j, then it refuses',
    (list) => {
      expect(() => parsePushOrigins(list)).toThrow('PUSH_ALLOWED_ORIGINS');
    },
  );

  it('when an origin has a wildcard, then hosts under it match and the bare domain does not', () => {
    const origins = parsePushOrigins('https://*.notify.windows.com,http://127.0.0.1:8443');
    expect(pushEndpointAllowed('https://db5p.notify.windows.com/w/?token=a', origins)).toBe(true);
    expect(pushEndpointAllowed('https://a.b.notify.windows.com/w', origins)).toBe(true);
    expect(pushEndpointAllowed('https://notify.windows.com/w', origins)).toBe(false);
    expect(pushEndpointAllowed('http://db5p.notify.windows.com/w', origins)).toBe(false);
    expect(pushEndpointAllowed('https://db5p.notify.windows.com:8443/w', origins)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:8443/push/a', origins)).toBe(true);
    expect(pushEndpointAllowed('https://127.0.0.1:8443/push/a', origins)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:8444/push/a', origins)).toBe(false);
  });

  it('when no VAPID keys are given outside production, then one pair is generated into the data folder and kept', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'content-vapid-'));
    try {
      const first = resolveVapidKeys({ NODE_ENV: 'development', DATA_DIR: dataDir });
      const again = resolveVapidKeys({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(again).toEqual(first);
      expect(first.publicKey).toMatch(/^[\w-]{87}$/);
      const stored = JSON.parse(readFileSync(path.join(dataDir, 'keys', 'vapid.json'), 'utf8'));
      expect(stored).toEqual(first);
      expect(resolveVapidKeys({ NODE_ENV: 'development', DATA_DIR: dataDir, ...KEYS })).toEqual({
        publicKey: KEYS.VAPID_PUBLIC_KEY,
        privateKey: KEYS.VAPID_PRIVATE_KEY,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
