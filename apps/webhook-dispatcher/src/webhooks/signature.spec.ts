import { Webhook } from 'standardwebhooks';
import { generateSecret, sign, signingKey, standardWebhookHeaders } from './signature';

describe('Standard Webhooks signature', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'message.created',
    workspaceId: 'ws_1',
    occurredAt: '2026-11-21T12:00:00.000Z',
    data: { text: 'hola ñ' },
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingKey(secret)).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });

  it('verifies with the standardwebhooks library for a generated secret', () => {
    const secret = generateSecret();
    const headers = standardWebhookHeaders(signingKey(secret), 'evt_1', body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('uses a given secret as its UTF-8 bytes', () => {
    const secret = 'my shared sécret';
    const headers = standardWebhookHeaders(signingKey(secret), 'evt_1', body, new Date());
    expect(new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches a known vector: v1,base64(HMAC-SHA256(key, "id.timestamp.body"))', () => {
    // Vector of the Standard Webhooks specification's test suite.
    const key = signingKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(sign(key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('puts unix seconds in webhook-timestamp and the event id in webhook-id', () => {
    const headers = standardWebhookHeaders(Buffer.from('k'), 'evt_9', body, new Date('2026-11-21T12:00:00.900Z'));
    expect(headers['webhook-id']).toBe('evt_9');
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-11-21T12:00:00Z') / 1000));
  });
});
