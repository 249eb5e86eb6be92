import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { chatMigrations } from '../migrations';

export const chatDatabase: DatabaseDefinition = {
  schema: 'chat',
  entities: [OutboxEvent],
  migrations: chatMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/chat/migrations'),
};
