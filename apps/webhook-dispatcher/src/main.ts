import { runService } from '@platica/platform';
import { webhookDispatcherDatabase } from './database';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

void runService({
  name: 'webhook-dispatcher',
  defaultPort: 8086,
  rootModule: WebhookDispatcherModule,
  database: webhookDispatcherDatabase,
});
