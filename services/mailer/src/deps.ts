/** What the mailer's queue consumers are given. */
import type { MailJob } from '@teamapp/contracts';
import type { Logger } from '@teamapp/service-kit';
import type { BrandingStore } from './branding';

export interface MailerDeps {
  log: Logger;
  branding: BrandingStore;
  /** Renders and sends one mail; `jobId` makes a redelivered job send nothing twice. */
  send: (mail: MailJob, jobId: string) => Promise<'sent' | 'already-sent'>;
}
