import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import {
  CUSTOM_API_LIMITS,
  MCP_LIMITS,
  toolOperations as ops,
  type McpAuth,
  type OperationRequest,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import {
  assertPublicHttpUrl,
  newId,
  readScope,
  type Transaction,
  UnitOfWork,
  UnsafeUrlError,
  withStatus,
  writeScope,
} from '@platica/platform';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import { ToolsConfigService } from '../config/tools.config';
import { McpClients, McpUnavailableError, type McpDiscovery, type McpEndpoint } from './mcp-clients';
import { headersOf, McpCredentials } from './mcp-credentials';
import { catalogNameOf, descriptionOf, installable, parametersOf, slugCandidate, slugOf, TASK_REQUIRED_REASON } from './mcp-naming';
import { McpSecretBox, type McpSecrets } from './mcp-secrets';
import type { DiscoveredTool, McpServer } from './mcp-server.entity';
import { presentMcpServer } from './mcp-server.presenter';
import { McpServerRepository } from './mcp-server.repository';

/**
 * MCP servers as tool sources (spec › Tools: MCP servers; ARCHITECTURE.md › MCP server
 * bodies, Smaller decisions): preview, connect (tools installed into the catalog as kind
 * `mcp`, named `mcp_<tool>_<slug>`), list and get, refresh (new tools installed, changed
 * schemas updated, vanished ones removed), sync (which discovered tools stay installed, by
 * `mcpToolName`), disconnect. OAuth is McpOauthFlow's, a turn's tool call McpToolCalls'.
 */
@Injectable()
export class McpService {
  constructor(
    private readonly servers: McpServerRepository,
    private readonly catalog: CatalogRepository,
    private readonly secrets: McpSecretBox,
    private readonly clients: McpClients,
    private readonly config: ToolsConfigService,
    private readonly credentials: McpCredentials,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async preview(request: OperationRequest<typeof ops.mcpPreview>) {
    const { body } = request;
    const url = await this.checkUrl(body.url);
    const found = await this.discover({ url, headers: headersOf({ headers: body.headers ?? {}, bearerToken: tokenOf(body.auth) }) });
    return {
      url,
      transport: found.transport,
      protocolVersion: found.protocolVersion,
      serverInfo: found.serverInfo,
      count: found.tools.length,
      tools: found.tools.map((tool) => ({
        ...tool,
        mcpToolName: tool.name,
        parameters: parametersOf(tool.inputSchema),
        installable: installable(tool),
        notInstallableReason: installable(tool) ? null : TASK_REQUIRED_REASON,
      })),
    };
  }

  async connect(request: OperationRequest<typeof ops.mcpConnect>) {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    const url = await this.checkUrl(body.url);
    const secrets: McpSecrets = { headers: body.headers ?? {}, bearerToken: tokenOf(body.auth), ...oauthOf(body.auth) };
    const secretsSealed = this.secrets.seal(secrets);
    // An OAuth server answers 401 until it is authorized: saved as `authorization_required`, no tools yet.
    let found: McpDiscovery | null = null;
    try {
      found = await this.clients.discover({ url, headers: headersOf(secrets) });
    } catch (error) {
      if (!(error instanceof McpUnavailableError)) throw error;
      if (!(body.auth?.type === 'oauth' && error.kind === 'unauthorized')) throw unreachable(error);
    }
    const view = await this.unitOfWork.run(async (transaction) => {
      const slug = await this.freeSlug(workspaceId, body.name, transaction);
      const server = this.servers.create(transaction, {
        id: newId('mcp'),
        workspaceId,
        name: body.name,
        slug,
        url,
        status: found ? 'active' : 'authorization_required',
        transport: found?.transport ?? null,
        protocolVersion: found?.protocolVersion ?? null,
        serverInfo: found?.serverInfo ?? null,
        authType: body.auth?.type ?? 'none',
        headerNames: Object.keys(secrets.headers),
        secretsSealed,
        tools: found?.tools ?? [],
        excluded: [],
        lastError: null,
        oauthStateHash: null,
        lastRefreshAt: found ? new Date() : null,
        maxBytes: body.limits?.maxBytes ?? CUSTOM_API_LIMITS.maxBytesDefault,
        callTimeoutMs: body.limits?.timeoutMs ?? MCP_LIMITS.timeoutDefaultMs,
        maxCallTimeoutMs: body.limits?.maxTimeoutMs ?? MCP_LIMITS.maxTimeoutDefaultMs,
      });
      const installed = await this.install(transaction, server, found?.tools ?? []);
      return presentMcpServer(server, installed);
    });
    const message = found
      ? `MCP server connected; ${view.installedCount} tools installed`
      : 'MCP server saved; it requires OAuth: POST /v1/tools/mcp/{mcpId}/oauth/start and open authorizationUrl';
    return withStatus(201, { status: 'success', message, data: view });
  }

  async list(request: OperationRequest<typeof ops.mcpList>) {
    const servers = await this.servers.list(readScope(request).map((w) => w.id));
    const installed = await this.installedOf(servers);
    const items = servers.map((server) => {
      const { tools: _tools, ...summary } = presentMcpServer(server, installed.get(server.id) ?? []);
      return summary;
    });
    return { count: items.length, servers: items };
  }

  async get(request: OperationRequest<typeof ops.mcpGet>) {
    const server = await this.readable(request);
    return presentMcpServer(server, await this.catalog.mcpTools(server.workspaceId, server.id));
  }

  async refresh(request: OperationRequest<typeof ops.mcpRefresh>) {
    const first = await this.writable(request);
    const result = await this.rediscover(first);
    return { status: 'success', message: 'MCP server tools refreshed', data: result };
  }

  /** Discovers the server's tools with its credentials and brings the catalog in line (refresh; after an OAuth callback). */
  async rediscover(first: McpServer) {
    let found: McpDiscovery;
    try {
      found = await this.credentials.withCredentials(first, (endpoint) => this.clients.discover(endpoint));
    } catch (error) {
      if (!(error instanceof McpUnavailableError)) throw error;
      // An OAuth refusal has already set authorization_required/lapsed; anything else is `error`.
      if (error.kind === 'network' || first.authType !== 'oauth') await this.servers.markError(first.workspaceId, first.id, error.message);
      throw unreachable(error);
    }
    return this.unitOfWork.run(async (transaction) => {
      const server = await this.lock(first.workspaceId, first.id, transaction);
      const entries = await this.catalog.mcpTools(server.workspaceId, server.id, transaction);
      const byName = new Map(entries.map((entry) => [entry.mcpToolName!, entry]));
      const discovered = new Map(found.tools.map((tool) => [tool.name, tool]));
      const known = new Set(server.tools.map((tool) => tool.name));
      const added = found.tools.filter((tool) => !known.has(tool.name) && !byName.has(tool.name) && installable(tool));
      const updated: string[] = [];
      for (const [name, entry] of byName) {
        const tool = discovered.get(name);
        if (!tool) continue;
        const description = descriptionOf(tool);
        const parameters = parametersOf(tool.inputSchema);
        // Compared as values: jsonb stores an object's keys in its own order, so text comparison saw every tool changed.
        if (entry.description !== description || !isDeepStrictEqual(entry.parameters, parameters)) {
          Object.assign(entry, { description, parameters, updatedAt: new Date() });
          updated.push(name);
        }
      }
      // Gone from the server, or now runnable only as a task.
      const removed = [...byName.keys()].filter((name) => !discovered.has(name) || !installable(discovered.get(name)!));
      await this.uninstall(
        transaction,
        server,
        removed.map((name) => byName.get(name)!),
      );
      const installedNow = await this.install(transaction, server, added);
      Object.assign(server, {
        tools: found.tools,
        excluded: server.excluded.filter((name) => discovered.has(name)),
        transport: found.transport,
        protocolVersion: found.protocolVersion,
        serverInfo: found.serverInfo,
        status: 'active',
        lastError: null,
        lastRefreshAt: new Date(),
        updatedAt: new Date(),
      });
      const remaining = entries.filter((entry) => !removed.includes(entry.mcpToolName!));
      return {
        ...presentMcpServer(server, [...remaining, ...installedNow]),
        added: added.map((tool) => tool.name),
        updated,
        removed,
      };
    });
  }

  async sync(request: OperationRequest<typeof ops.mcpSync>) {
    const { body } = request;
    const first = await this.writable(request);
    const result = await this.unitOfWork.run(async (transaction) => {
      const server = await this.lock(first.workspaceId, first.id, transaction);
      const discovered = new Map(server.tools.map((tool) => [tool.name, tool]));
      const unknown = body.tools.flatMap((name, index) => {
        const tool = discovered.get(name);
        if (!tool) return [{ path: ['tools', index], message: `${name} is not a tool of this server` }];
        return installable(tool) ? [] : [{ path: ['tools', index], message: `${name}: ${TASK_REQUIRED_REASON}` }];
      });
      if (unknown.length)
        throw DomainError.validation(unknown, 'Only tools the server lists can be installed (see GET /v1/tools/mcp/{mcpId})');
      const wanted = new Set(body.tools);
      const entries = await this.catalog.mcpTools(server.workspaceId, server.id, transaction);
      const installedNames = new Set(entries.map((entry) => entry.mcpToolName!));
      const toRemove = entries.filter((entry) => !wanted.has(entry.mcpToolName!));
      const toInstall = [...wanted].filter((name) => !installedNames.has(name)).map((name) => discovered.get(name)!);
      const removedAgentConnections = await this.uninstall(transaction, server, toRemove);
      const installedNow = await this.install(transaction, server, toInstall);
      Object.assign(server, { excluded: server.tools.map((tool) => tool.name).filter((name) => !wanted.has(name)), updatedAt: new Date() });
      const kept = entries.filter((entry) => wanted.has(entry.mcpToolName!));
      return {
        ...presentMcpServer(server, [...kept, ...installedNow]),
        installed: toInstall.map((tool) => tool.name),
        uninstalled: toRemove.map((entry) => entry.mcpToolName!),
        removedAgentConnections,
      };
    });
    return { status: 'success', message: 'MCP server tools synchronized', data: result };
  }

  async disconnect(request: OperationRequest<typeof ops.mcpDisconnect>) {
    const first = await this.writable(request);
    const result = await this.unitOfWork.run(async (transaction) => {
      const server = await this.lock(first.workspaceId, first.id, transaction);
      const entries = await this.catalog.mcpTools(server.workspaceId, server.id, transaction);
      const removedAgentConnections = await this.uninstall(transaction, server, entries);
      this.servers.remove(transaction, server);
      return { mcpId: server.id, removedTools: entries.length, removedAgentConnections };
    });
    await this.clients.drop(result.mcpId);
    return { status: 'success', message: 'MCP server disconnected; its tools were removed', data: result };
  }

  /** Installs discovered tools into the catalog (kind `mcp`, published). */
  private async install(transaction: Transaction, server: McpServer, tools: DiscoveredTool[]): Promise<CatalogTool[]> {
    const created: CatalogTool[] = [];
    for (const tool of tools.filter(installable)) {
      let name = catalogNameOf(tool.name, server.slug);
      for (let n = 2; await this.catalog.nameTaken(server.workspaceId, name, '', transaction); n++)
        name = `${catalogNameOf(tool.name, server.slug)}_${n}`;
      created.push(
        this.catalog.createEntry(transaction, {
          id: newId('tool'),
          workspaceId: server.workspaceId,
          name,
          description: descriptionOf(tool),
          kind: 'mcp',
          parameters: parametersOf(tool.inputSchema),
          status: PUBLISHED,
          mcpId: server.id,
          mcpToolName: tool.name,
          integrationId: null,
          updatedAt: new Date(),
        }),
      );
      // Names are checked against the database: two tools of one server must see each other.
      await this.catalog.flush(transaction);
    }
    return created;
  }

  /** Removes catalog entries of a server and every agent connection to them; answers how many connections went. */
  private async uninstall(transaction: Transaction, server: McpServer, entries: CatalogTool[]): Promise<number> {
    let connections = 0;
    for (const entry of entries) {
      connections += await this.catalog.removeConnectionsOf(server.workspaceId, entry.id, transaction);
      await this.catalog.deleteEntry(transaction, server.workspaceId, entry.id);
    }
    return connections;
  }

  private async freeSlug(workspaceId: string, name: string, transaction: Transaction): Promise<string> {
    const base = slugOf(name);
    for (let n = 1; ; n++) {
      const slug = slugCandidate(base, n);
      if (!(await this.servers.slugTaken(workspaceId, slug, transaction))) return slug;
    }
  }

  private async discover(endpoint: McpEndpoint) {
    try {
      return await this.clients.discover(endpoint);
    } catch (error) {
      if (error instanceof McpUnavailableError) throw unreachable(error);
      throw error;
    }
  }

  private async installedOf(servers: McpServer[]): Promise<Map<string, CatalogTool[]>> {
    const byServer = new Map<string, CatalogTool[]>();
    const workspaces = [...new Set(servers.map((s) => s.workspaceId))];
    for (const workspaceId of workspaces) {
      for (const entry of await this.catalog.published(workspaceId, { kind: 'mcp' })) {
        const list = byServer.get(entry.mcpId ?? '') ?? [];
        list.push(entry);
        byServer.set(entry.mcpId ?? '', list);
      }
    }
    return byServer;
  }

  private async readable(request: RpcRequest): Promise<McpServer> {
    const id = request.params.mcpId ?? '';
    const server = await this.servers.find(
      readScope(request).map((w) => w.id),
      id,
    );
    if (!server) throw DomainError.notFound('MCP server', id);
    return server;
  }

  /** The server the request names, in the workspace it may write to; 404 otherwise. */
  async writable(request: RpcRequest): Promise<McpServer> {
    const id = request.params.mcpId ?? '';
    const server = await this.servers.find([writeScope(request).id], id);
    if (!server) throw DomainError.notFound('MCP server', id);
    return server;
  }

  /** The server, locked for the transaction's changes. */
  async lock(workspaceId: string, id: string, transaction: Transaction): Promise<McpServer> {
    const server = await this.servers.findForUpdate(workspaceId, id, transaction);
    if (!server) throw DomainError.notFound('MCP server', id);
    return server;
  }

  /** The SSRF policy on the server's URL when given (the dispatcher checks every address dialled anyway). */
  private async checkUrl(url: string): Promise<string> {
    try {
      return (await assertPublicHttpUrl(url, { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS })).toString();
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw DomainError.validation([{ path: ['url'], message: `the URL ${error.message}` }]);
      throw error;
    }
  }
}

function tokenOf(auth: McpAuth | undefined): string | null {
  return auth?.type === 'bearer' ? auth.token : null;
}

function oauthOf(auth: McpAuth | undefined): Pick<McpSecrets, 'oauth'> {
  if (auth?.type !== 'oauth') return {};
  const { type: _type, ...config } = auth;
  return { oauth: config };
}

function unreachable(error: McpUnavailableError): DomainError {
  if (error.kind === 'unauthorized') {
    return DomainError.refused(ErrorCode.Unprocessable, DomainReason.McpUnauthorized, 'The MCP server refused the credentials given', {
      error: error.message,
    });
  }
  return DomainError.refused(ErrorCode.Unprocessable, DomainReason.McpUnreachable, `The MCP server could not be used: ${error.message}`, {
    error: error.message,
  });
}
