import { runService } from '@platica/platform';
import { webhookDispatcherConfigSchema } from './config/webhook-dispatcher.config';
import { webhookDispatcherDatabase } from './database';
import { DeliveryEngine } from './deliveries/delivery-engine';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

void runService({
  name: 'webhook-dispatcher',
  defaultPort: 8086,
  rootModule: WebhookDispatcherModule,
  database: webhookDispatcherDatabase,
  configSchema: webhookDispatcherConfigSchema,
  background: (app) => app.get(DeliveryEngine).start(),
});
