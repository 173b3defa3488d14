/**
 * A real SMTP receiver for tests (npm smtp-server): parses each delivered message with
 * postal-mime, and refuses recipients on a deny list so tests can make a mail fail for good.
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header by its lower-case name (the last one of a name that repeats). */
  headers: Record<string, string>;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpReceiver(
  options: { refuse?: string[]; port?: number } = {},
): Promise<SmtpReceiver> {
  const refuse = options.refuse ?? [];
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address)) {
        const err = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html ?? '',
            messageId: mail.messageId ?? '',
            headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
          });
          callback();
        }, callback);
      });
    },
  });
  // A sender that goes away mid-connection (a mailer killed by a fault test, or stopped before
  // the receiver) resets its socket; smtp-server reports that as an 'error' event, which with no
  // listener would fail the test that owns the receiver. Tests judge by the mails received.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
