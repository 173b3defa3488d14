/**
 * Starts the mailer. In development without SMTP_URL it first starts the development mail
 * catcher (an SMTP server of its own, read at /dev/mail from this machine only); production
 * never loads that module (its configuration requires a real SMTP_URL).
 */
import { runService, type Logger } from '@teamapp/service-kit';
import { createMailerService } from './app';
import { loadMailerConfig, type MailerConfig } from './config';

async function create(config: MailerConfig) {
  if (config.SMTP_URL || config.NODE_ENV === 'production') return createMailerService(config);
  const { startMailCatcher } = await import('./dev/mail-catcher');
  // The service's logger exists once the service does; a failed connection before then is dropped.
  const heard: { log?: Logger } = {};
  const catcher = await startMailCatcher(config.DEV_MAIL_SMTP_PORT, {
    nodeEnv: config.NODE_ENV,
    onError: (err) => heard.log?.warn({ err }, 'development mail catcher: a connection failed'),
  });
  const service = await createMailerService(config, {
    smtpUrl: `smtp://127.0.0.1:${catcher.port}`,
    routers: [catcher.router],
  });
  heard.log = service.base.log;
  service.base.log.info(
    { smtpPort: catcher.port },
    'no SMTP_URL: mail goes to the development catcher at /dev/mail (this machine only)',
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
