import { catcherIn, loadMailerConfig } from './config';

const production = (env: Record<string, string>) =>
  loadMailerConfig({ NODE_ENV: 'production', ...env });

describe('the mailer configuration', () => {
  it('when NODE_ENV=production has no SMTP_URL, then it refuses to start naming SMTP_URL', () => {
    expect(() => production({})).toThrow('SMTP_URL is required when NODE_ENV=production');
  });

  it.each([
    ['smtp://mailcatcher:1025', 'host mailcatcher'],
    ['smtp://mailpit:1025', 'host mailpit'],
    ['smtp://MailPit.internal:2525', 'host mailpit.internal'],
    ['smtp://mailhog:25', 'host mailhog'],
    ['smtp://localhost:1025', 'port 1025 on this machine'],
    ['smtp://127.0.0.1:1025', 'port 1025 on this machine'],
    ['smtp://[::1]:1025', 'port 1025 on this machine'],
  ])('when NODE_ENV=production and SMTP_URL is %s, then it refuses to start', (url, why) => {
    expect(() => production({ SMTP_URL: url })).toThrow(
      `SMTP_URL must name the club's real mail server when NODE_ENV=production (${why}`,
    );
  });

  it("when NODE_ENV=production and SMTP_URL is this machine on the catcher's own port, then it refuses to start", () => {
    expect(() =>
      production({ SMTP_URL: 'smtp://127.0.0.1:2600', DEV_MAIL_SMTP_PORT: '2600' }),
    ).toThrow(/SMTP_URL must name the club's real mail server.*port 2600 on this machine/);
  });

  it('when NODE_ENV=production and SMTP_URL names a real mail server, then it starts', () => {
    for (const url of [
      'smtp://user:pass@mail.example.org:587',
      'smtps://mail.example.org',
      'smtp://127.0.0.1:25',
      'smtp://relay.example.org:1025',
    ]) {
      expect(production({ SMTP_URL: url }).SMTP_URL).toBe(url);
    }
  });

  it('when in development, then no SMTP_URL (the catcher) and a catcher URL are both fine', () => {
    expect(loadMailerConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
    expect(loadMailerConfig({ SMTP_URL: 'smtp://mailcatcher:1025' }).SMTP_URL).toBe(
      'smtp://mailcatcher:1025',
    );
    expect(catcherIn('smtp://mail.example.org:587', 1025)).toBeUndefined();
  });
});
