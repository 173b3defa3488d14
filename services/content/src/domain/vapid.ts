/**
 * The VAPID key pair that signs the pushes (RFC 8292, reference §7). Given keys are used as they
 * are; outside production, with none given, one pair is generated once into the data folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createOnce } from '@teamapp/service-kit';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let memoryKeys: VapidKeys | undefined;

function devKeys(dataDir: string): VapidKeys {
  if (dataDir === 'memory://') return (memoryKeys ??= webPush.generateVAPIDKeys());
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'vapid.json');
  mkdirSync(dir, { recursive: true });
  const read = (): VapidKeys | undefined => {
    try {
      const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return keys.publicKey && keys.privateKey
        ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
        : undefined;
    } catch {
      return undefined;
    }
  };
  return createOnce(`the VAPID keys in ${dir}`, read, () => {
    const keys = webPush.generateVAPIDKeys();
    writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return keys;
  });
}

export function resolveVapidKeys(config: {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  NODE_ENV: string;
  DATA_DIR: string;
}): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  // loadContentConfig refuses a production start without them; this is the last line.
  if (config.NODE_ENV === 'production') throw new Error('VAPID keys are required in production');
  return devKeys(config.DATA_DIR);
}
