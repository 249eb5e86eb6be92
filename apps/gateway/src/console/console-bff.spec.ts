import { proxiedPath } from './console-bff';

/** The console's proxy reaches the public API under /v1 and nothing else, however the path is spelled. */
describe('proxiedPath', () => {
  it('maps /console/api/v1/... to /v1/..., query kept', () => {
    expect(proxiedPath('/console/api/v1/conversations?limit=20&channelId=ch_1')).toBe('/v1/conversations?limit=20&channelId=ch_1');
  });

  it('resolves dot segments, plain or encoded, before deciding: nothing outside /v1 is reached', () => {
    expect(proxiedPath('/console/api/v1/../admin/v1/seed')).toBeNull();
    expect(proxiedPath('/console/api/v1/%2e%2e/admin/v1/seed')).toBeNull();
    expect(proxiedPath('/console/api/v1/%2E%2E/%2e%2e/oauth/token')).toBeNull();
    expect(proxiedPath('/console/api/../admin/v1/seed')).toBeNull();
    expect(proxiedPath('/console/api/v1/agents/../clients')).toBe('/v1/clients');
  });

  it('keeps a host-like path on the gateway, and leaves out the event stream', () => {
    expect(proxiedPath('/console/api//evil.example/v1/agents')).toBe('/v1/agents');
    expect(proxiedPath('/console/api/admin/v1/seed')).toBeNull();
    expect(proxiedPath('/console/api/v1/events?types=message.created')).toBeNull();
  });

  it('decides on the decoded path, as the router matches it: no spelling of the event stream passes', () => {
    expect(proxiedPath('/console/api/v1/%65vents')).toBeNull();
    expect(proxiedPath('/console/api/v1/%65%76%65%6E%74%73?types=message.created')).toBeNull();
    expect(proxiedPath('/console/api/v1/events/')).toBeNull();
    expect(proxiedPath('/console/api/v1/agents/%zz')).toBeNull();
    expect(proxiedPath('/console/api/v1/clients/%2B34600')).toBe('/v1/clients/%2B34600');
  });
});
