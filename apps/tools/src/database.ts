import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { toolsMigrations } from '../migrations';
import { AgentToolConnection, CatalogTool } from './catalog/catalog-tool.entity';
import { CustomApi, CustomApiRun } from './custom-apis/custom-api.entity';
import { IntegrationInstallation, IntegrationRun } from './integrations/installation.entity';
import { KnowledgeBase, KnowledgeChunk, KnowledgePage, KnowledgeSource } from './knowledge/knowledge.entity';
import { McpServer } from './mcp/mcp-server.entity';
import { KnowledgeProposal } from './knowledge-proposals/knowledge-proposal.entity';

export const toolsDatabase: DatabaseDefinition = {
  schema: 'tools',
  entities: [
    OutboxEvent,
    CustomApi,
    CustomApiRun,
    CatalogTool,
    AgentToolConnection,
    McpServer,
    IntegrationInstallation,
    IntegrationRun,
    KnowledgeBase,
    KnowledgeSource,
    KnowledgePage,
    KnowledgeChunk,
    KnowledgeProposal,
  ],
  migrations: toolsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/tools/migrations'),
};
