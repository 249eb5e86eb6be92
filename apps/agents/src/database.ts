import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { agentsMigrations } from '../migrations';

export const agentsDatabase: DatabaseDefinition = {
  schema: 'agents',
  entities: [OutboxEvent],
  migrations: agentsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/agents/migrations'),
};
