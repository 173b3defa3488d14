/**
 * Development mail catcher: an SMTP server on this machine that keeps the last messages in memory
 * and shows them at /dev/mail, so a person can read what the platform sent without a mail server.
 */
import type { Router } from '@koa/router';
import { access, createRouter } from '@teamapp/service-kit';
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

/** Its pages are open to anyone: it runs in development only, and production never loads it. */
const DEVELOPMENT_ONLY = 'the development mail catcher, never loaded in production';

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
  onError: (err: Error) => void = () => undefined,
): Promise<MailCatcher> {
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
