/** Queue `mail`: renders each message and sends it over SMTP, once per job. */
import { defineConsumer } from '@teamapp/service-kit';
import type { MailerDeps } from '../deps';

export const mailConsumer = ({ send, log }: MailerDeps) =>
  defineConsumer({
    queue: 'mail',
    handle: async (mail, job) => {
      const outcome = await send(mail, String(job.id));
      if (outcome === 'sent') log.info({ jobId: job.id, template: mail.template }, 'mail sent');
    },
  });
