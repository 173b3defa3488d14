/**
 * Development mail catcher: an SMTP server on this machine that keeps the last messages in memory
 * and shows them at /dev/mail, so a person can read what the platform sent without a mail server.
 * The mail it keeps holds reset links and temporary passwords, so it never starts in production
 * and its pages answer only a person on this machine (loopbackOnly).
 */
import { BlockList, isIP } from 'node:net';
import type { Router } from '@koa/router';
import { access, createRouter, forbidden } from '@teamapp/service-kit';
import type { Context, Next } from 'koa';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const KEEP = 200;

/** Its pages need no sign-in: it runs in development only and answers this machine only. */
const DEVELOPMENT_ONLY =
  'the development mail catcher: never started in production, answers loopback clients only';

export const CATCHER_LOCAL_ONLY =
  'The development mail catcher answers only on the machine it runs on.';
export const CATCHER_NOT_IN_PRODUCTION =
  'The development mail catcher never runs when NODE_ENV=production; set SMTP_URL.';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const plain = (address ?? '').trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(plain);
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a request comes from this machine: its connection does, and so does the client a proxy
 * on this machine (the gateway) names. The gateway sets X-Real-IP and X-Forwarded-For from the
 * address that connected to it; only that last hop is trusted (anything a client put in front of
 * it in X-Forwarded-For is ignored), as Koa's ctx.ip with one trusted proxy hop reads it.
 */
export function isLocalRequest(request: {
  socketAddress: string | undefined;
  realIp?: string;
  forwardedFor?: string;
}): boolean {
  if (!isLoopbackAddress(request.socketAddress)) return false;
  if (request.realIp && !isLoopbackAddress(request.realIp)) return false;
  const hops = (request.forwardedFor ?? '').split(',').map((hop) => hop.trim());
  const lastHop = hops.filter(Boolean).at(-1);
  if (request.forwardedFor !== undefined && !isLoopbackAddress(lastHop)) return false;
  return true;
}

/** Refuses (403) every request that does not come from this machine. */
export async function loopbackOnly(ctx: Context, next: Next) {
  const local = isLocalRequest({
    socketAddress: ctx.req.socket.remoteAddress,
    realIp: ctx.get('x-real-ip') || undefined,
    forwardedFor:
      ctx.headers['x-forwarded-for'] === undefined ? undefined : ctx.get('x-forwarded-for'),
  });
  if (!local) throw forbidden(CATCHER_LOCAL_ONLY);
  await next();
}

export interface MailCatcher {
  port: number;
  messages: () => CaughtMail[];
  router: Router;
  close: () => Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * `onError` hears of connections that fail (a sender that resets its socket, as a killed mailer
 * does): smtp-server reports them as 'error' events, which with no listener would stop the process.
 */
export async function startMailCatcher(
  port: number,
  options: { nodeEnv: string; onError?: (err: Error) => void },
): Promise<MailCatcher> {
  if (options.nodeEnv === 'production') throw new Error(CATCHER_NOT_IN_PRODUCTION);
  const onError = options.onError ?? (() => undefined);
  const caught: CaughtMail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            caught.unshift({
              id: nextId++,
              receivedAt: new Date().toISOString(),
              from: mail.from?.address ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            caught.splice(KEEP);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', onError);
      resolve();
    });
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  const router = createRouter('/dev/mail');
  router.use(loopbackOnly);
  router.get('/messages', access.anonymous(DEVELOPMENT_ONLY), (ctx) => {
    ctx.body = { success: true, data: caught };
  });
  router.get('/messages/:id', access.anonymous(DEVELOPMENT_ONLY), (ctx) => {
    const mail = caught.find((m) => String(m.id) === ctx.params.id);
    if (!mail) return;
    ctx.type = 'html';
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    ctx.body = mail.html || `<pre>${escapeHtml(mail.text)}</pre>`;
  });
  router.get('/', access.anonymous(DEVELOPMENT_ONLY), (ctx) => {
    const rows = caught
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.receivedAt)}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
          `<td><a href="/dev/mail/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('');
    ctx.type = 'html';
    ctx.body =
      `<!doctype html><html><head><title>Mail sent by TeamApp (development)</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<style>body{font-family:Arial,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}</style></head>` +
      `<body><h1>Mail sent by TeamApp</h1><p>Development only: messages are kept in memory, newest first.</p>` +
      (rows
        ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No mail yet.</p>') +
      `</body></html>`;
  });

  return {
    port: boundPort,
    messages: () => [...caught],
    router,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
