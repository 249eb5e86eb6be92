import { databaseGauge, runService } from '@platica/platform';
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
  background: (app, { database }) => {
    // Read when Prometheus scrapes: deliveries due now and not sent (the backlog an alert watches), and every one still pending.
    const count = async (where: string) => {
      const [row] = await database
        .em()
        .execute<{ count: string }[]>(`select count(*) as count from "webhook_dispatcher".webhook_delivery where ${where}`);
      return Number(row?.count ?? 0);
    };
    databaseGauge('platica_webhook_backlog', 'Webhook deliveries due now and not sent yet', () =>
      count(`status = 'pending' and next_attempt_at <= now()`),
    );
    databaseGauge('platica_webhook_pending', 'Webhook deliveries not finished (due now or waiting for a retry)', () =>
      count(`status = 'pending'`),
    );
    return app.get(DeliveryEngine).start();
  },
});
