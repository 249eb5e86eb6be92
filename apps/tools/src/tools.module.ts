import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { CatalogController } from './catalog/catalog.controller';
import { CatalogRepository } from './catalog/catalog.repository';
import { CatalogService } from './catalog/catalog.service';
import { ToolsConfigService, type ToolsConfig } from './config/tools.config';
import { CustomApiCaller } from './custom-apis/custom-api-caller';
import { CustomApiRepository } from './custom-apis/custom-api.repository';
import { CustomApiSecrets } from './custom-apis/custom-api-secrets';
import { CustomApisController } from './custom-apis/custom-apis.controller';
import { CustomApisService } from './custom-apis/custom-apis.service';
import { InstallationRepository } from './integrations/installation.repository';
import { IntegrationOauth } from './integrations/integration-oauth';
import { IntegrationOauthFlow } from './integrations/integration-oauth-flow';
import { IntegrationSecretBox } from './integrations/integration-secrets';
import { IntegrationToolCalls } from './integrations/integration-tool-calls';
import { IntegrationsController } from './integrations/integrations.controller';
import { IntegrationsService } from './integrations/integrations.service';
import { OutboundHttp } from './shared/outbound-http';
import { Embeddings } from './knowledge/indexing/embeddings';
import { KnowledgeIndexActivitiesFactory } from './knowledge/indexing/knowledge-index.activities';
import { KnowledgeIndexRepository } from './knowledge/indexing/knowledge-index.repository';
import { KnowledgeIndexWorkflows } from './knowledge/indexing/knowledge-index.workflows';
import { WebsiteCrawler } from './knowledge/indexing/website-crawler';
import { KnowledgeController } from './knowledge/knowledge.controller';
import { KnowledgeRepository } from './knowledge/knowledge.repository';
import { KnowledgeService } from './knowledge/knowledge.service';
import { KnowledgeTool } from './knowledge/knowledge-tool';
import { KnowledgeSearch } from './knowledge/search/knowledge-search';
import { KnowledgeSearchRepository } from './knowledge/search/knowledge-search.repository';
import { McpClients } from './mcp/mcp-clients';
import { McpCredentials } from './mcp/mcp-credentials';
import { McpOauth } from './mcp/mcp-oauth';
import { McpOauthFlow } from './mcp/mcp-oauth-flow';
import { McpSecretBox } from './mcp/mcp-secrets';
import { McpServerRepository } from './mcp/mcp-server.repository';
import { McpToolCalls } from './mcp/mcp-tool-calls';
import { McpController } from './mcp/mcp.controller';
import { McpService } from './mcp/mcp.service';
import { ToolRuntimeController } from './runtime/tool-runtime.controller';
import { ToolRuntimeService } from './runtime/tool-runtime.service';
import { ToolCallRepository } from './runtime/tool-call.repository';
import { AgentKnowledgeSearch } from './knowledge-proposals/agent-knowledge-search';
import { KnowledgeProposalRepository } from './knowledge-proposals/knowledge-proposal.repository';
import { KnowledgeProposalsController } from './knowledge-proposals/knowledge-proposals.controller';
import { KnowledgeProposalsService } from './knowledge-proposals/knowledge-proposals.service';

/** The tool catalog, agents' tool connections, custom HTTP APIs, MCP servers, first-party integrations and knowledge bases. */
@Module({
  controllers: [
    CustomApisController,
    McpController,
    IntegrationsController,
    CatalogController,
    ToolRuntimeController,
    KnowledgeController,
    KnowledgeProposalsController,
  ],
  providers: [
    // runService validated the environment with toolsConfigSchema.
    {
      provide: ToolsConfigService,
      useFactory: (config: ServiceConfig) => new ToolsConfigService(config.values as ToolsConfig),
      inject: [ServiceConfig],
    },
    CustomApiSecrets,
    CustomApiCaller,
    CustomApiRepository,
    CustomApisService,
    McpSecretBox,
    McpClients,
    McpOauth,
    McpServerRepository,
    McpCredentials,
    McpService,
    McpOauthFlow,
    McpToolCalls,
    OutboundHttp,
    IntegrationSecretBox,
    IntegrationOauth,
    InstallationRepository,
    IntegrationsService,
    IntegrationOauthFlow,
    IntegrationToolCalls,
    CatalogRepository,
    ToolCallRepository,
    CatalogService,
    ToolRuntimeService,
    KnowledgeRepository,
    KnowledgeIndexRepository,
    KnowledgeIndexWorkflows,
    KnowledgeIndexActivitiesFactory,
    KnowledgeSearch,
    KnowledgeSearchRepository,
    KnowledgeService,
    KnowledgeTool,
    Embeddings,
    WebsiteCrawler,
    KnowledgeProposalRepository,
    KnowledgeProposalsService,
    AgentKnowledgeSearch,
  ],
})
export class ToolsModule {}
