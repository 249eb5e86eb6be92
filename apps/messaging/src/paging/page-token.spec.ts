import { randomBytes } from 'node:crypto';
import { ServiceConfig } from '@platica/platform';
import { filtersFingerprint, PageTokens } from './page-token';

function pageTokensWith(key: string): PageTokens {
  return new PageTokens(
    new ServiceConfig({ PLATICA_ENCRYPTION_KEY: key, PLATICA_ENCRYPTION_KEYS_PREVIOUS: [] } as never, 'messaging', 'messaging'),
  );
}

describe('conversation page tokens', () => {
  const fingerprint = filtersFingerprint({
    workspaceIds: ['ws_1'],
    channelId: 'wb-1',
    sortBy: 'lastUpdate',
    sortDirection: 'desc',
    limit: 10,
  });

  const key = randomBytes(32).toString('base64');
  const tokens = pageTokensWith(key);

  it('round-trips the keyset position, also through another replica with the same key', () => {
    const position = { value: '2026-11-21 12:00:00.123456+00', id: 'conv_1' };
    const token = tokens.encode('conversations', fingerprint, position);
    expect(tokens.decode('conversations', token, fingerprint)).toEqual(position);
    expect(pageTokensWith(key).decode('conversations', token, fingerprint)).toEqual(position);
  });

  it('refuses a token used with other filters or sort, of another listing, or tampered', () => {
    const token = tokens.encode('conversations', fingerprint, { value: 'v', id: 'i' });
    const other = filtersFingerprint({ workspaceIds: ['ws_1'], channelId: 'wb-1', sortBy: 'lastUpdate', sortDirection: 'asc', limit: 10 });
    expect(() => tokens.decode('conversations', token, other)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => tokens.decode('scheduled', token, fingerprint)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => tokens.decode('conversations', 'not-a-token', fingerprint)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses a token whose payload was re-encoded, or signed under another key', () => {
    const token = tokens.encode('conversations', fingerprint, { value: '2026-11-21 12:00:00+00', id: 'conv_1' });
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    const forged = `${Buffer.from(JSON.stringify({ ...payload, s: 'not a time' })).toString('base64url')}.${mac}`;
    expect(() => tokens.decode('conversations', forged, fingerprint)).toThrow(expect.objectContaining({ status: 400 }));
    const foreign = pageTokensWith(randomBytes(32).toString('base64')).encode('conversations', fingerprint, { value: 'v', id: 'i' });
    expect(() => tokens.decode('conversations', foreign, fingerprint)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('does not depend on the order the filters were given in', () => {
    expect(filtersFingerprint({ a: 1, b: 2 })).toBe(filtersFingerprint({ b: 2, a: 1 }));
  });
});
