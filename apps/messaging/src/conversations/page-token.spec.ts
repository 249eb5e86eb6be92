import { canSendDirectMessage } from './conversation-summary';
import { decodePageToken, encodePageToken, filtersFingerprint } from './page-token';

describe('conversation page tokens', () => {
  const fingerprint = filtersFingerprint({
    workspaceIds: ['ws_1'],
    channelId: 'wb-1',
    sortBy: 'lastUpdate',
    sortDirection: 'desc',
    limit: 10,
  });

  it('round-trips the keyset position', () => {
    const position = { value: '2026-11-21 12:00:00.123456+00', id: 'conv_1' };
    expect(decodePageToken(encodePageToken(fingerprint, position), fingerprint)).toEqual(position);
  });

  it('refuses a token used with other filters or sort, or tampered', () => {
    const token = encodePageToken(fingerprint, { value: 'v', id: 'i' });
    const other = filtersFingerprint({ workspaceIds: ['ws_1'], channelId: 'wb-1', sortBy: 'lastUpdate', sortDirection: 'asc', limit: 10 });
    expect(() => decodePageToken(token, other)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => decodePageToken('not-a-token', fingerprint)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('does not depend on the order the filters were given in', () => {
    expect(filtersFingerprint({ a: 1, b: 2 })).toBe(filtersFingerprint({ b: 2, a: 1 }));
  });
});

describe('canSendDirectMessage', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('is always true on internal chats, and within 24 h of the last customer message elsewhere', () => {
    expect(canSendDirectMessage('service', null, now)).toBe(true);
    expect(canSendDirectMessage('whatsapp', null, now)).toBe(false);
    expect(canSendDirectMessage('whatsapp', new Date(now - 23 * 3_600_000), now)).toBe(true);
    expect(canSendDirectMessage('instagram', new Date(now - 24 * 3_600_000 - 1), now)).toBe(false);
  });
});
