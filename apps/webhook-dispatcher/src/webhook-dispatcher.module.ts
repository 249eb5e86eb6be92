import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { WebhookDispatcherConfigService, type WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { DeliveriesController } from './deliveries/deliveries.controller';
import { DeliveriesService, SchedulerWaker } from './deliveries/deliveries.service';
import { DeliveryEngine } from './deliveries/delivery-engine';
import { DeliveryRepository } from './deliveries/delivery.repository';
import { WebhookSecrets } from './webhooks/webhook-secrets';
import { WebhookRepository } from './webhooks/webhook.repository';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

/** Webhooks, their deliveries and attempts; the events consumer and the delivery scheduler (ARCHITECTURE.md › Events). */
@Module({
  controllers: [WebhooksController, DeliveriesController],
  providers: [
    // runService validated the environment with webhookDispatcherConfigSchema.
    {
      provide: WebhookDispatcherConfigService,
      useFactory: (config: ServiceConfig) => new WebhookDispatcherConfigService(config.values as WebhookDispatcherConfig),
      inject: [ServiceConfig],
    },
    WebhookSecrets,
    WebhookRepository,
    WebhooksService,
    DeliveryRepository,
    DeliveriesService,
    DeliveryEngine,
    { provide: SchedulerWaker, useExisting: DeliveryEngine },
  ],
})
export class WebhookDispatcherModule {}
