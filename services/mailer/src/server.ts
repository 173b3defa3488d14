/**
 * Starts the mailer. In development without SMTP_URL it first starts the development mail
 * catcher (an SMTP server of its own, read at /dev/mail); production never loads that module.
 */
import { runService } from '@teamapp/service-kit';
import { createMailerService } from './app';
import { loadMailerConfig, type MailerConfig } from './config';

async function create(config: MailerConfig) {
  if (config.SMTP_URL) return createMailerService(config);
  const { startMailCatcher } = await import('./dev/mail-catcher');
  const catcher = await startMailCatcher(config.DEV_MAIL_SMTP_PORT);
  const service = await createMailerService(config, {
    smtpUrl: `smtp://127.0.0.1:${catcher.port}`,
    routers: [catcher.router],
  });
  service.base.log.info(
    { smtpPort: catcher.port },
    'no SMTP_URL: mail goes to the development catcher at /dev/mail',
  );
  return {
    ...service,
    close: async () => {
      await service.close();
      await catcher.close();
    },
  };
}

runService({ name: 'mailer', loadConfig: () => loadMailerConfig(), create });
