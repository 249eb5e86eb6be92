import { Injectable } from '@nestjs/common';
import { NatsHandle, Readiness, createOutboundDispatcher, type BackgroundPart } from '@platica/platform';
import { WebhookDispatcherConfigService } from '../config/webhook-dispatcher.config';
import { WebhookSecrets } from '../webhooks/webhook-secrets';
import { SchedulerWaker } from './deliveries.service';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventConsumer } from './event-consumer';

/** Wires the events consumer to the delivery scheduler; started by main.ts once the service is up. */
@Injectable()
export class DeliveryEngine implements SchedulerWaker {
  private scheduler: DeliveryScheduler | null = null;

  constructor(
    private readonly config: WebhookDispatcherConfigService,
    private readonly repository: DeliveryRepository,
    private readonly secrets: WebhookSecrets,
    private readonly nats: NatsHandle,
    private readonly readiness: Readiness,
  ) {}

  /** Starts the scheduler, then the consumer; returned in the order they must stop (consumer first). */
  async start(): Promise<BackgroundPart[]> {
    const values = this.config.values;
    const scheduler = new DeliveryScheduler(
      this.repository,
      this.secrets,
      // Connections are checked against the SSRF rule when they open, after DNS (rebinding included).
      createOutboundDispatcher({ allowPrivateNetworks: values.PLATICA_ALLOW_PRIVATE_NETWORKS }, { keepAliveTimeout: 30_000 }),
      {
        concurrency: values.WEBHOOK_CONCURRENCY,
        perWebhook: values.WEBHOOK_CONCURRENCY_PER_WEBHOOK,
        timeoutMs: values.WEBHOOK_TIMEOUT_MS,
        retryScale: values.WEBHOOK_RETRY_SCALE,
        pollIntervalMs: values.WEBHOOK_POLL_INTERVAL_MS,
      },
    );
    scheduler.start();
    this.scheduler = scheduler;
    const consumer = new EventConsumer(this.nats.connection, this.repository, scheduler, {
      streamName: values.PLATICA_EVENTS_STREAM,
      natsPrefix: values.PLATICA_NATS_PREFIX,
    });
    await consumer.start();
    this.readiness.register('events-consumer', () => {
      const problem = consumer.problem();
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    });
    this.readiness.register('delivery-scheduler', () =>
      scheduler.healthy() ? Promise.resolve() : Promise.reject(new Error('the delivery scheduler is not running')),
    );
    // runService stops parts in reverse order: the consumer (listed last) stops first, then the scheduler drains.
    return [scheduler, consumer];
  }

  wake(): void {
    this.scheduler?.wake();
  }
}
