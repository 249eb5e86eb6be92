import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { messagingMigrations } from '../migrations';
import { Channel } from './channels/channel.entity';

export const messagingDatabase: DatabaseDefinition = {
  schema: 'messaging',
  entities: [OutboxEvent, Channel],
  migrations: messagingMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/messaging/migrations'),
};
