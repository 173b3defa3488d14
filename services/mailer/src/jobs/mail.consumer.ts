/**
 * Queue `mail`: opens each message's sealed secret (a reset link, a temporary password), renders
 * it and sends it over SMTP, once per job. The secret is removed from the kept job once the mail
 * is out, and once it has failed for good: completed jobs are kept a week and failed ones until a
 * person removes them, and a failed secret is of no use by then (a reset link lives an hour, an
 * invitation is resent from People with a fresh password).
 *
 * A secret that does not open (MAIL_SECRET_KEY differs from the sender's, or the job was altered)
 * fails the job at once, without retries, with a log line saying so; the sealed secret stays, so
 * the job can be retried once the key is put right.
 */
import type { MailJob } from '@teamapp/contracts';
import {
  defineConsumer,
  MailSecretError,
  UnrecoverableError,
  type Consumer,
} from '@teamapp/service-kit';
import type { MailerDeps } from '../deps';

type MailJobRun = Parameters<Consumer<'mail'>['handle']>[1];

export const mailConsumer = ({ send, log, mailSecrets }: MailerDeps) => {
  const removeSecret = async (mail: MailJob, job: MailJobRun) => {
    if (!mailSecrets.hasSecret(mail)) return;
    try {
      await job.updateData({ ...(job.data as object), ...mailSecrets.withoutSecret(mail) });
    } catch (err) {
      log.warn({ jobId: job.id, err: String(err) }, 'could not remove the secret from a mail job');
    }
  };

  return defineConsumer({
    queue: 'mail',
    handle: async (mail, job) => {
      let outcome: 'sent' | 'already-sent';
      try {
        outcome = await send(mail, String(job.id));
      } catch (err) {
        if (err instanceof MailSecretError) {
          log.error(
            { jobId: job.id, template: mail.template, reason: err.message },
            'mail not sent: its sealed secret could not be opened',
          );
          throw new UnrecoverableError(err.message);
        }
        // The last attempt (attemptsStarted counts this one; attemptsMade may lag a write behind).
        const attempt = Math.max(job.attemptsStarted, job.attemptsMade + 1);
        if (attempt >= (job.opts.attempts ?? 1)) await removeSecret(mail, job);
        throw err;
      }
      await removeSecret(mail, job);
      if (outcome === 'sent') log.info({ jobId: job.id, template: mail.template }, 'mail sent');
    },
  });
};
