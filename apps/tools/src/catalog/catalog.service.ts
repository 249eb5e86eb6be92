import { Injectable } from '@nestjs/common';
import {
  internalOperations,
  toolOperations as ops,
  type CatalogToolView,
  type OperationRequest,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { readScope, RpcClient, serviceRequest, UnitOfWork, withStatus, writeScope } from '@platica/platform';
import type { AgentToolConnection, CatalogTool } from './catalog-tool.entity';
import { CatalogRepository, PUBLISHED } from './catalog.repository';

/**
 * The workspace catalog (spec › Tools: workspace catalog) and agents' connections to it
 * (spec › Tools: agent connections; bodies per ARCHITECTURE.md: POST `{toolId, status?}`,
 * PATCH `{status}`, items `{toolId, name, kind, description, connectionStatus, toolStatus, connectedAt}`).
 */
@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly rpc: RpcClient,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async list(request: OperationRequest<typeof ops.catalogList>) {
    const { kind, mcpId, integrationId } = request.query;
    const tools = (await Promise.all(readScope(request).map((w) => this.catalog.published(w.id, { kind, mcpId, integrationId })))).flat();
    const servers = await this.serversOf(tools);
    return { count: tools.length, tools: tools.map((tool) => catalogView(tool, servers)) };
  }

  async get(request: OperationRequest<typeof ops.catalogGet>) {
    const id = request.params.toolId ?? '';
    const tool = await this.catalog.findPublished(
      readScope(request).map((w) => w.id),
      id,
    );
    if (!tool) throw DomainError.notFound('Tool', id);
    return catalogView(tool, await this.serversOf([tool]));
  }

  async connections(request: OperationRequest<typeof ops.agentToolsList>) {
    const { workspaceId, agentId } = await this.agentOf(
      request,
      readScope(request).map((w) => w.id),
    );
    const connections = await this.catalog.connections(workspaceId, agentId);
    const tools = new Map(
      (
        await this.catalog.toolsByIds(
          workspaceId,
          connections.map((c) => c.toolId),
        )
      ).map((t) => [t.id, t]),
    );
    const items = connections.flatMap((c) => {
      const tool = tools.get(c.toolId);
      return tool ? [connectionView(c, tool)] : [];
    });
    return { agentId, count: items.length, tools: items };
  }

  async available(request: OperationRequest<typeof ops.agentToolsAvailable>) {
    const { workspaceId, agentId } = await this.agentOf(
      request,
      readScope(request).map((w) => w.id),
    );
    const [tools, connections] = await Promise.all([this.catalog.published(workspaceId), this.catalog.connections(workspaceId, agentId)]);
    const connected = new Map(connections.map((c) => [c.toolId, c]));
    const servers = await this.serversOf(tools);
    const items = tools.map((tool) => ({
      ...catalogView(tool, servers),
      isAlreadyConnected: connected.has(tool.id),
      connectionStatus: connected.get(tool.id)?.status ?? null,
    }));
    return { agentId, count: items.length, tools: items };
  }

  async connect(request: OperationRequest<typeof ops.agentToolsConnect>) {
    const { body } = request;
    const { workspaceId, agentId } = await this.agentOf(request, [writeScope(request).id]);
    const item = await this.unitOfWork.run(async (transaction) => {
      // Only published tools can be connected (States and transitions › Custom API).
      const tool = await this.catalog.findPublished([workspaceId], body.toolId, transaction);
      if (!tool) throw DomainError.notFound('Tool', body.toolId);
      if (await this.catalog.connection(workspaceId, agentId, tool.id, transaction)) {
        throw new DomainError(ErrorCode.Conflict, 'The tool is already connected to the agent', { agentId, toolId: tool.id });
      }
      const connection = this.catalog.createConnection(transaction, { workspaceId, agentId, toolId: tool.id, status: body.status });
      return connectionView(connection, tool);
    });
    return withStatus(201, { status: 'success', message: 'Tool connected', data: item });
  }

  async update(request: OperationRequest<typeof ops.agentToolsUpdate>) {
    const { body } = request;
    const { workspaceId, agentId } = await this.agentOf(request, [writeScope(request).id]);
    const toolId = request.params.toolId ?? '';
    const item = await this.unitOfWork.run(async (transaction) => {
      const connection = await this.catalog.connection(workspaceId, agentId, toolId, transaction);
      if (!connection) throw DomainError.notFound('Tool connection', toolId);
      Object.assign(connection, { status: body.status, updatedAt: new Date() });
      const tool = (await this.catalog.find(workspaceId, toolId, transaction))!;
      return connectionView(connection, tool);
    });
    return { status: 'success', message: `Tool connection ${body.status === 'active' ? 'activated' : 'deactivated'}`, data: item };
  }

  async disconnect(request: OperationRequest<typeof ops.agentToolsDisconnect>) {
    const { workspaceId, agentId } = await this.agentOf(request, [writeScope(request).id]);
    const toolId = request.params.toolId ?? '';
    await this.unitOfWork.run(async (transaction) => {
      const connection = await this.catalog.connection(workspaceId, agentId, toolId, transaction);
      if (!connection) throw DomainError.notFound('Tool connection', toolId);
      this.catalog.removeConnection(transaction, connection);
    });
    return { status: 'success', message: 'Tool disconnected; it stays in the workspace', data: { agentId, toolId } };
  }

  /** The name and status of the MCP servers the tools come from (`mcpName`, `mcpStatus`). */
  private async serversOf(tools: CatalogTool[]): Promise<McpServerSummaries> {
    const byWorkspace = new Map<string, Set<string>>();
    for (const tool of tools) {
      if (tool.kind !== 'mcp' || !tool.mcpId) continue;
      byWorkspace.set(tool.workspaceId, (byWorkspace.get(tool.workspaceId) ?? new Set()).add(tool.mcpId));
    }
    const summaries: McpServerSummaries = new Map();
    for (const [workspaceId, ids] of byWorkspace) {
      for (const server of await this.catalog.mcpServerSummaries(workspaceId, [...ids]))
        summaries.set(server.id, { name: server.name, status: server.status });
    }
    return summaries;
  }

  /** The agent of one of these workspaces, asked of the agents service (404 when none has it). */
  private async agentOf(request: RpcRequest, workspaceIds: string[]): Promise<{ workspaceId: string; agentId: string }> {
    const agentId = request.params.agentId ?? '';
    for (const workspaceId of workspaceIds) {
      try {
        await this.rpc.call(internalOperations.agents.describe, serviceRequest('tools', workspaceId, { agentId }));
        return { workspaceId, agentId };
      } catch (error) {
        if (!(error instanceof DomainError && error.status === 404)) throw error;
      }
    }
    throw DomainError.notFound('Agent', agentId);
  }
}

export type McpServerSummaries = Map<string, { name: string; status: string }>;

export function catalogView(tool: CatalogTool, servers: McpServerSummaries = new Map()): CatalogToolView {
  const api = tool.kind === 'api';
  const mcp = tool.kind === 'mcp';
  const integration = tool.kind === 'integration';
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    parameters: tool.parameters,
    status: tool.status,
    mcpId: mcp ? (tool.mcpId ?? null) : null,
    mcpToolName: mcp ? (tool.mcpToolName ?? null) : null,
    mcpName: mcp ? (servers.get(tool.mcpId ?? '')?.name ?? null) : null,
    mcpStatus: mcp ? (servers.get(tool.mcpId ?? '')?.status ?? null) : null,
    integrationId: api ? (tool.integrationId ?? tool.id) : null,
    integrationName: api ? tool.name.replace(/^api_/, '') : null,
    integrationStatus: api ? (tool.status === PUBLISHED ? 'enabled' : 'paused') : null,
    installationId: integration ? (tool.installationId ?? null) : null,
    providerId: integration ? (tool.providerId ?? null) : null,
    providerToolName: integration ? (tool.providerToolName ?? null) : null,
    ...(tool.kind === 'knowledge' && { knowledgeBaseId: tool.knowledgeBaseId ?? null }),
    createdAt: tool.createdAt.toISOString(),
    updatedAt: tool.updatedAt.toISOString(),
  };
}

function connectionView(connection: AgentToolConnection, tool: CatalogTool) {
  return {
    toolId: tool.id,
    name: tool.name,
    kind: tool.kind,
    description: tool.description,
    connectionStatus: connection.status,
    toolStatus: tool.status,
    connectedAt: connection.connectedAt.toISOString(),
  };
}
