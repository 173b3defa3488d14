/**
 * Queue `mail`: renders each message and sends it over SMTP, once per job. An invitation's
 * temporary password is blanked in the kept job once the mail is out, so it does not sit in Redis
 * for the week completed jobs are kept.
 */
import { defineConsumer } from '@teamapp/service-kit';
import type { MailerDeps } from '../deps';

export const SENT_PASSWORD_PLACEHOLDER = '(sent)';

export const mailConsumer = ({ send, log }: MailerDeps) =>
  defineConsumer({
    queue: 'mail',
    handle: async (mail, job) => {
      const outcome = await send(mail, String(job.id));
      if (mail.template === 'invitation' && mail.tempPassword !== SENT_PASSWORD_PLACEHOLDER) {
        await job.updateData({ ...(job.data as object), tempPassword: SENT_PASSWORD_PLACEHOLDER });
      }
      if (outcome === 'sent') log.info({ jobId: job.id, template: mail.template }, 'mail sent');
    },
  });
