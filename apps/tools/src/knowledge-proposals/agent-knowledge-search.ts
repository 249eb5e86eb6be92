import { Injectable } from '@nestjs/common';
import type { AgentKnowledgeSearchAnswer, AgentKnowledgeSearchRequest } from '@platica/contracts';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import { KnowledgeSearch } from '../knowledge/search/knowledge-search';

/**
 * A reply draft's retrieval (docs/knowledge-from-people.md › Reply drafts): the knowledge bases
 * the agent reaches through its active connections to published knowledge tools, searched by
 * the knowledge service's own search, the one its knowledge search tool runs. Read-only.
 */
@Injectable()
export class AgentKnowledgeSearch {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly search: KnowledgeSearch,
  ) {}

  async run({ workspaceId, agentId, query, limit }: AgentKnowledgeSearchRequest): Promise<AgentKnowledgeSearchAnswer> {
    const baseIds = await this.connectedBases(workspaceId, agentId);
    if (!baseIds.length || !query.trim()) return { baseIds, hits: [] };
    const result = await this.search.search(workspaceId, baseIds, query, limit);
    return {
      baseIds,
      hits: result.data.map(({ chunkId, sourceId, title, titlePath, url, text }) => ({ chunkId, sourceId, title, titlePath, url, text })),
    };
  }

  private async connectedBases(workspaceId: string, agentId: string): Promise<string[]> {
    const connections = (await this.catalog.connections(workspaceId, agentId)).filter((connection) => connection.status === 'active');
    const tools = await this.catalog.toolsByIds(
      workspaceId,
      connections.map((connection) => connection.toolId),
    );
    return [...new Set(tools.filter((tool) => tool.status === PUBLISHED && tool.knowledgeBaseId).map((tool) => tool.knowledgeBaseId!))];
  }
}
