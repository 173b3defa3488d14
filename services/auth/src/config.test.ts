import { ConfigError } from '@teamapp/service-kit';
import { loadAuthConfig, seededAdmin } from './config';

describe('auth configuration', () => {
  it('when NODE_ENV=production has no admin, then it refuses to start', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production',
    );
  });

  it.each(['REPLACE_ME', 'changeme', 'Password1!', 'Summer2024!', 'P@ssw0rd'])(
    'when NODE_ENV=production has ADMIN_PASSWORD %j, then it refuses to start, naming ADMIN_PASSWORD',
    (password) => {
      let error: unknown;
      try {
        loadAuthConfig({
          NODE_ENV: 'production',
          ADMIN_EMAIL: 'admin@club.example',
          ADMIN_PASSWORD: password,
        });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/^ADMIN_PASSWORD: /);
      expect(String(error)).not.toContain(password);
    },
  );

  it('when NODE_ENV=production has a strong, uncommon ADMIN_PASSWORD, then it starts', () => {
    const config = loadAuthConfig({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@club.example',
      ADMIN_PASSWORD: 'Riverside!Keeper42',
    });
    expect(seededAdmin(config)).toEqual({
      email: 'admin@club.example',
      password: 'Riverside!Keeper42',
      mustChangePassword: false,
    });
  });

  it('when no admin is configured in development, then the seeded one must choose its password', () => {
    expect(seededAdmin(loadAuthConfig({}))).toEqual({
      email: 'admin@teamapp.local',
      password: 'TeamApp!2026',
      mustChangePassword: true,
    });
  });

  it('when several keys are bad, then every one of them is listed', () => {
    let error: unknown;
    try {
      loadAuthConfig({ SERVICE_PORT: 'eighty', ADMIN_EMAIL: 'nope', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('SERVICE_PORT');
    expect(problems).toContain('ADMIN_EMAIL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('when nothing is set in development, then the defaults apply', () => {
    const config = loadAuthConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      SERVICE_PORT: 4001,
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
  });
});
