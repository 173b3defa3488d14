/** What the mailer's queue consumers are given. */
import type { MailJob } from '@teamapp/contracts';
import type { Logger, MailSecrets } from '@teamapp/service-kit';
import type { BrandingStore } from './branding';

export interface MailerDeps {
  log: Logger;
  branding: BrandingStore;
  /** Opens the sealed secret a queued mail carries, and removes it from the kept job. */
  mailSecrets: MailSecrets;
  /**
   * Opens, renders and sends one queued mail; `jobId` makes a redelivered job send nothing
   * twice. Throws MailSecretError when the mail's secret does not open.
   */
  send: (mail: MailJob, jobId: string) => Promise<'sent' | 'already-sent'>;
}
