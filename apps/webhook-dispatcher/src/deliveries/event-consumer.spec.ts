import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { envelopeBody, type DeliveryRepository } from './delivery.repository';
import type { DeliveryScheduler } from './delivery-scheduler';
import { consumerName, EventConsumer } from './event-consumer';

/** A stream message carrying a valid event envelope. */
const streamMessage = (id: string): JsMsg =>
  ({
    subject: 'events.conversation.read',
    seq: 1,
    json: () => ({
      id,
      type: 'conversation.read',
      workspaceId: 'ws_1',
      occurredAt: '2026-11-21T12:00:00.000Z',
      data: { conversationId: 'conv_1', userId: 'usr_1', readAt: '2026-11-21T12:00:00.000Z' },
    }),
    ack: () => undefined,
    nak: () => undefined,
    term: () => undefined,
  }) as unknown as JsMsg;

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

  it('records the messages that arrive together in one batch: one transaction and one webhook lookup for an outbox pass', async () => {
    const batches: string[][] = [];
    const repository = {
      recordEvents: async (events: { id: string }[]) => {
        batches.push(events.map((e) => e.id));
        return { created: 0, claimed: [], admittedButNotNew: [] };
      },
    } as unknown as DeliveryRepository;
    const scheduler = { leaseMs: 1_000, reserve: () => true, unreserve: () => undefined, adopt: () => undefined, wake: () => undefined };
    const consumer = new EventConsumer({} as NatsConnection, repository, scheduler as unknown as DeliveryScheduler, {
      streamName: 'events',
      natsPrefix: '',
    });
    const receive = (message: JsMsg) => (consumer as unknown as { receive(m: JsMsg): void }).receive(message);
    for (const id of ['evt_1', 'evt_2', 'evt_3']) receive(streamMessage(id));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['evt_1', 'evt_2', 'evt_3']]);
  });
});
