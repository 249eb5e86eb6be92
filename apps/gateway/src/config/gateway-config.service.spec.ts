import type { GatewayConfig } from './gateway.config';
import { GatewayConfigService } from './gateway-config.service';

// Its one dependency is the validated config object (no class to fake): built directly.
const configOf = (values: Partial<GatewayConfig>) => new GatewayConfigService(values as GatewayConfig);

describe('GatewayConfigService', () => {
  it('exposes the validated values as given', () => {
    const values = { PLATICA_HTTP_PORT: 9000 } as GatewayConfig;
    expect(new GatewayConfigService(values).values).toBe(values);
  });

  it('answers PLATICA_PUBLIC_URL without trailing slashes (it is the OAuth issuer, compared verbatim)', () => {
    expect(configOf({ PLATICA_PUBLIC_URL: 'https://api.example.com//' }).publicUrl).toBe('https://api.example.com');
    expect(configOf({ PLATICA_PUBLIC_URL: 'https://api.example.com/base/' }).publicUrl).toBe('https://api.example.com/base');
  });

  it('falls back to the loopback address on the HTTP port, 8080 when unset', () => {
    expect(configOf({ PLATICA_HTTP_PORT: 9000 }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(configOf({}).publicUrl).toBe('http://127.0.0.1:8080');
  });
});
