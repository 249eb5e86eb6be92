import { randomBytes } from 'node:crypto';
import { baseConfigSchema, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the local defaults', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/platica');
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.TEMPORAL_ADDRESS).toBe('127.0.0.1:7233');
    expect(config.PLATICA_EVENTS_STREAM).toBe('PLATICA_EVENTS');
    expect(config.PLATICA_ALLOW_PRIVATE_NETWORKS).toBe(false);
  });

  it('refuses bad values and names each variable at fault', () => {
    expect(() =>
      loadConfig(baseConfigSchema, { DATABASE_URL: 'mysql://x', PLATICA_NATS_PREFIX: 'no dot', PLATICA_ENCRYPTION_KEY: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig(baseConfigSchema, { DATABASE_URL: 'mysql://x', PLATICA_NATS_PREFIX: 'no dot', PLATICA_ENCRYPTION_KEY: 'short' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^DATABASE_URL: /m);
      expect(problems).toMatch(/^PLATICA_NATS_PREFIX: /m);
      expect(problems).toMatch(/^PLATICA_ENCRYPTION_KEY: /m);
    }
  });

  it('requires an encryption key in production', () => {
    expect(() => loadConfig(baseConfigSchema, { PLATICA_ENV: 'production' })).toThrow(/PLATICA_ENCRYPTION_KEY/);
    expect(
      loadConfig(baseConfigSchema, { PLATICA_ENV: 'production', PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).PLATICA_ENV,
    ).toBe('production');
  });
});
