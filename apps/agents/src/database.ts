import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { agentsMigrations } from '../migrations';
import { Agent } from './agents/agent.entity';
import { PromptVersion } from './agents/prompt-version.entity';

export const agentsDatabase: DatabaseDefinition = {
  schema: 'agents',
  entities: [OutboxEvent, Agent, PromptVersion],
  migrations: agentsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/agents/migrations'),
};
