import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { webhookDispatcherMigrations } from '../migrations';

export const webhookDispatcherDatabase: DatabaseDefinition = {
  schema: 'webhook_dispatcher',
  entities: [OutboxEvent],
  migrations: webhookDispatcherMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/webhook-dispatcher/migrations'),
};
