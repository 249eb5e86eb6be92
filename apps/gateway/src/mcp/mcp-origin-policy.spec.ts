import { McpOriginPolicy } from './mcp-origin-policy';

describe('McpOriginPolicy', () => {
  const deployed = new McpOriginPolicy('https://api.platica.example', ['https://console.acme.example']);

  it('accepts the public host, with no Origin or with an allowed one', () => {
    expect(deployed.refusal({ host: 'api.platica.example' })).toBeNull();
    expect(deployed.refusal({ host: 'API.platica.example', origin: 'https://api.platica.example' })).toBeNull();
    expect(deployed.refusal({ host: 'api.platica.example', origin: 'https://console.acme.example' })).toBeNull();
  });

  it('refuses a rebound name, a hostile Origin, a missing Host and the opaque origin', () => {
    expect(deployed.refusal({ host: 'evil.example.com', origin: 'http://evil.example.com' })).toContain('Host');
    expect(deployed.refusal({ host: 'api.platica.example', origin: 'http://evil.example.com' })).toContain('Origin');
    expect(deployed.refusal({ host: 'api.platica.example', origin: 'http://api.platica.example' })).toContain('Origin');
    expect(deployed.refusal({ host: 'api.platica.example', origin: 'null' })).toContain('Origin');
    expect(deployed.refusal({})).toContain('Host');
  });

  it('takes every loopback name for a loopback public URL, on its port only', () => {
    const local = new McpOriginPolicy('http://127.0.0.1:8080', []);
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080']) {
      expect(local.refusal({ host, origin: `http://${host}` })).toBeNull();
    }
    expect(local.refusal({ host: 'localhost:9999' })).toContain('Host');
    expect(local.refusal({ host: 'localhost:8080', origin: 'http://localhost:9999' })).toContain('Origin');
  });
});
