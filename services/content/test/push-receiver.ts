/**
 * A push service for tests (reference §7): an RFC 8030 endpoint on this machine. Each
 * subscription it hands out has its own P-256 key pair and 16-byte authentication secret, as a
 * browser's has, and every push it receives is checked as a push service and a browser would:
 * the VAPID Authorization header (RFC 8292: an ES256 JWT for this origin, signed by the key it
 * names), the TTL header, then the aes128gcm payload decrypted with the subscription's keys
 * (RFC 8291, npm http_ece). A push failing any check is answered 400 and kept in `refused`.
 */
import { createECDH, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { p256PublicKey } from '../src/domain/push';

export interface ReceivedPush {
  /** The subscription's id (the last segment of its endpoint). */
  subscription: string;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key that signed it. */
  vapidKey: string;
}

export interface PushReceiver {
  /** The receiver's origin, for PUSH_ALLOWED_ORIGINS. */
  origin: string;
  received: ReceivedPush[];
  refused: string[];
  /** A browser's PushSubscription JSON for a fresh subscription here. */
  subscribe: () => { endpoint: string; keys: { p256dh: string; auth: string } };
  /** From now on, answers pushes to this endpoint with this status (410: it expired). */
  answer: (endpoint: string, status: number) => void;
  close: () => Promise<void>;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3) for this origin; the key. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not a VAPID header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: p256PublicKey(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (alg !== 'ES256') throw new Error(`VAPID alg is ${alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== origin) throw new Error(`VAPID aud is ${body.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!body.exp || body.exp <= now || body.exp > now + 24 * 3600) {
    throw new Error('VAPID exp is not within the next 24 hours');
  }
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) throw new Error('VAPID sub is missing');
  return k;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: string }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const sub = id ? subscriptions.get(id) : undefined;
      const body = await readBody(req);
      if (req.method !== 'POST' || !id || !sub) {
        res.writeHead(404).end();
        return;
      }
      const status = statuses.get(id);
      if (status) {
        res.writeHead(status).end();
        return;
      }
      try {
        const vapidKey = checkVapid(req.headers.authorization, origin);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header is missing');
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`Content-Encoding is ${req.headers['content-encoding']}`);
        }
        const plain = decrypt(body, {
          version: 'aes128gcm',
          privateKey: sub.ecdh,
          authSecret: sub.auth,
        });
        received.push({
          subscription: id,
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          ttl,
          urgency: req.headers.urgency as string | undefined,
          vapidKey,
        });
        res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
      } catch (err) {
        refused.push(`${id}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe: () => {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64(randomBytes(16));
      subscriptions.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth } };
    },
    answer: (endpoint, status) => statuses.set(endpoint.split('/').pop()!, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
