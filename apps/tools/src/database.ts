import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { toolsMigrations } from '../migrations';

export const toolsDatabase: DatabaseDefinition = {
  schema: 'tools',
  entities: [OutboxEvent],
  migrations: toolsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/tools/migrations'),
};
