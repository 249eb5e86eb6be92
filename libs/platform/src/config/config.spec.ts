import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { temporalConnectionOptions } from '../temporal/temporal';
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

  describe('Temporal over TLS', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'platica-temporal-tls-'));
    const cert = path.join(dir, 'client.pem');
    const key = path.join(dir, 'client.key');
    writeFileSync(cert, 'CERT');
    writeFileSync(key, 'KEY');

    it('connects in plain text to a dev server by default', () => {
      expect(temporalConnectionOptions(loadConfig(baseConfigSchema, {}))).toEqual({ address: '127.0.0.1:7233' });
    });

    it('uses mTLS with the client certificate and key files', () => {
      const config = loadConfig(baseConfigSchema, {
        TEMPORAL_ADDRESS: 'acme.a1b2c.tmprl.cloud:7233',
        TEMPORAL_TLS_CERT_PATH: cert,
        TEMPORAL_TLS_KEY_PATH: key,
        TEMPORAL_TLS_SERVER_NAME: 'acme.a1b2c.tmprl.cloud',
      });
      const options = temporalConnectionOptions(config);
      expect(options.tls).toEqual({
        clientCertPair: { crt: Buffer.from('CERT'), key: Buffer.from('KEY') },
        serverNameOverride: 'acme.a1b2c.tmprl.cloud',
      });
      expect(options.apiKey).toBeUndefined();
    });

    it('sends an API key over TLS, naming the namespace for regional endpoints', () => {
      const options = temporalConnectionOptions(
        loadConfig(baseConfigSchema, { TEMPORAL_API_KEY: 'secret-key', TEMPORAL_NAMESPACE: 'acme.a1b2c' }),
      );
      expect(options).toEqual({
        address: '127.0.0.1:7233',
        tls: true,
        apiKey: 'secret-key',
        metadata: { 'temporal-namespace': 'acme.a1b2c' },
      });
    });

    it('refuses a certificate without its key, and files it cannot read, naming the variables', () => {
      expect(() => loadConfig(baseConfigSchema, { TEMPORAL_TLS_CERT_PATH: cert })).toThrow(/^\s+- TEMPORAL_TLS_KEY_PATH: required/m);
      expect(() => loadConfig(baseConfigSchema, { TEMPORAL_TLS_KEY_PATH: key })).toThrow(/^\s+- TEMPORAL_TLS_CERT_PATH: required/m);
      expect(() =>
        loadConfig(baseConfigSchema, { TEMPORAL_TLS_CERT_PATH: cert, TEMPORAL_TLS_KEY_PATH: path.join(dir, 'missing.key') }),
      ).toThrow(/TEMPORAL_TLS_KEY_PATH: cannot read/);
      expect(() => loadConfig(baseConfigSchema, { TEMPORAL_TLS_CA_PATH: path.join(dir, 'missing-ca.pem') })).toThrow(
        /TEMPORAL_TLS_CA_PATH: cannot read/,
      );
    });
  });

  it('knows the process roles and refuses others', () => {
    expect(loadConfig(baseConfigSchema, {}).PLATICA_ROLE).toBe('all');
    expect(loadConfig(baseConfigSchema, { PLATICA_ROLE: 'worker' }).PLATICA_ROLE).toBe('worker');
    expect(() => loadConfig(baseConfigSchema, { PLATICA_ROLE: 'everything' })).toThrow(/PLATICA_ROLE/);
    expect(() => loadConfig(baseConfigSchema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
