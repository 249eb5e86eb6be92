import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { DomainEvent } from '@platica/contracts';
import { eventually, newIsolation } from '@platica/testing';
import { EventSubscription } from './event-subscription';

const isolation = newIsolation();
// Subjects are the deployment's (PLATICA_NATS_PREFIX): this run's own, apart from every other run's.
process.env.PLATICA_NATS_PREFIX = isolation.natsPrefix;

/** A durable subscription on real NATS JetStream, with a handler that fails until the test lets it succeed. */
describe('EventSubscription (integration)', () => {
  let nc: NatsConnection;
  let subscription: EventSubscription<'agent.turn.requested'>;
  let failing = true;
  const handled: string[] = [];

  beforeAll(async () => {
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    subscription = new EventSubscription(
      nc,
      {
        durableName: 'test',
        type: 'agent.turn.requested',
        streamName: isolation.eventsStream,
        natsPrefix: isolation.natsPrefix,
        concurrency: 2,
      },
      async (event) => {
        if (failing) throw new Error('Temporal does not answer');
        handled.push(event.id);
      },
    );
    await subscription.start();
  });
  afterAll(async () => {
    await subscription?.stop();
    await (await jetstreamManager(nc)).streams.delete(isolation.eventsStream).catch(() => undefined);
    await nc?.close();
  });

  it('stays ready while a handler fails, and handles the event once it succeeds', async () => {
    const event: DomainEvent = {
      id: `evt_${isolation.tag}`,
      type: 'agent.turn.requested',
      workspaceId: 'ws_1',
      occurredAt: new Date().toISOString(),
      data: { conversationRef: 'conv_1', reason: 'customer_message', messageIds: ['msg_1'] },
    };
    await jetstream(nc).publish(`${isolation.natsPrefix}events.${event.type}`, JSON.stringify(event), { msgID: event.id });
    // Handled and failed at least once (redelivered a second later): a passing failure, not the consumer's.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(subscription.problem()).toBeNull();
    failing = false;
    await eventually('the event handled after its redelivery', async () => handled.includes(event.id));
    expect(subscription.problem()).toBeNull();
  });
});
