import { envelopeBody } from './delivery.repository';
import { consumerName } from './event-consumer';

describe('events consumer', () => {
  it('names its durable consumer after the deployment (NATS prefix)', () => {
    expect(consumerName('')).toBe('webhook_dispatcher');
    expect(consumerName('t0a1b2c3d4e.')).toBe('t0a1b2c3d4e_webhook_dispatcher');
  });

  it('sends exactly the envelope {id, type, workspaceId, occurredAt, data}, in that order, nothing else', () => {
    const event = {
      data: { text: 'hola' },
      occurredAt: '2026-11-21T12:00:00.000Z',
      workspaceId: 'ws_1',
      type: 'message.created' as const,
      id: 'evt_1',
      extra: 1,
    };
    expect(envelopeBody(event)).toBe(
      '{"id":"evt_1","type":"message.created","workspaceId":"ws_1","occurredAt":"2026-11-21T12:00:00.000Z","data":{"text":"hola"}}',
    );
  });
});
