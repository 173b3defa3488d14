/**
 * One-click unsubscribe links (reference §2, RFC 8058): a mail's token names its member and the
 * kinds the mail is about, with an HMAC-SHA-256 over them under UNSUBSCRIBE_LINK_KEY and a label
 * naming this one purpose, so it does nothing else and no other token can be made from it. It
 * does not expire: a mail read weeks later still unsubscribes. The token travels in the query
 * string, which neither the services' request logs nor the gateway's access log write.
 */
import { createHmac } from 'node:crypto';
import { NOTIFICATION_KINDS, UNSUBSCRIBE_PATH, type NotificationKind } from '@teamapp/contracts';
import { signatureMatches } from '@teamapp/service-kit';

const PURPOSE = 'teamapp:unsubscribe:v1';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KIND = `(?:${NOTIFICATION_KINDS.join('|')})`;
/** member . kind[-kind...] . signature (43 base64url characters). */
const TOKEN = new RegExp(`^(${UUID})\\.(${KIND}(?:-${KIND})*)\\.([A-Za-z0-9_-]{43})$`);

export interface UnsubscribeClaims {
  memberId: string;
  kinds: NotificationKind[];
}

/** Signs and reads unsubscribe tokens under one key (32 bytes, service-kit resolveSecretKey). */
export function unsubscribeSigner(key: Buffer, publicUrl: string) {
  const mac = (memberId: string, kinds: string) =>
    createHmac('sha256', key).update(`${PURPOSE}\n${memberId}\n${kinds}`).digest();
  const sign = (memberId: string, kinds: readonly NotificationKind[]) => {
    const listed = [...new Set(kinds)].sort().join('-');
    return `${memberId}.${listed}.${mac(memberId, listed).toString('base64url')}`;
  };
  return {
    sign,
    /** The address a mail's List-Unsubscribe names. */
    url: (memberId: string, kinds: readonly NotificationKind[]) =>
      `${publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}?token=${sign(memberId, kinds)}`,
    /** The token's claims when it is well formed and its signature holds; otherwise undefined. */
    read(token: string): UnsubscribeClaims | undefined {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [, memberId, kinds, signature] = match as unknown as [string, string, string, string];
      if (!signatureMatches(signature, mac(memberId, kinds))) return undefined;
      return { memberId, kinds: kinds.split('-') as NotificationKind[] };
    },
  };
}

export type UnsubscribeSigner = ReturnType<typeof unsubscribeSigner>;
