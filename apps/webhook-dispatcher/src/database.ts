import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { webhookDispatcherMigrations } from '../migrations';
import { DeliveryAttempt, WebhookDelivery } from './deliveries/webhook-delivery.entity';
import { WebhookEvent } from './deliveries/webhook-event.entity';
import { DeletedWebhook } from './webhooks/deleted-webhook.entity';
import { Webhook } from './webhooks/webhook.entity';

export const webhookDispatcherDatabase: DatabaseDefinition = {
  schema: 'webhook_dispatcher',
  entities: [OutboxEvent, Webhook, DeletedWebhook, WebhookEvent, WebhookDelivery, DeliveryAttempt],
  migrations: webhookDispatcherMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/webhook-dispatcher/migrations'),
};
