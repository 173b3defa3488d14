import { ConfigError } from '@teamapp/service-kit';
import { loadAuthConfig } from './config';

describe('auth configuration', () => {
  it('when NODE_ENV=production has no admin, then it refuses to start', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production',
    );
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
