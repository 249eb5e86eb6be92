import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  CUSTOM_API_LIMITS,
  MCP_LIMITS,
  internalOperations,
  mcpOauthCallbackSchema,
  toolOperations as ops,
  type McpAuth,
  type McpOauthCallbackResult,
  type OperationRequest,
  type RpcRequest,
  type RuntimeExecuteResult,
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
import { capBytes } from '../custom-apis/response-trim';
import { McpClients, mcpErrorText, McpUnavailableError, type McpDiscovery, type McpEndpoint } from './mcp-clients';
import { McpOauth, stateHashOf } from './mcp-oauth';
import { catalogNameOf, parametersOf, slugCandidate, slugOf } from './mcp-naming';
import { McpSecretBox, type McpSecrets } from './mcp-secrets';
import type { DiscoveredTool, McpServer } from './mcp-server.entity';
import { McpServerRepository } from './mcp-server.repository';

/**
 * MCP servers as tool sources (spec › Tools: MCP servers; ARCHITECTURE.md › MCP server
 * bodies, Smaller decisions): preview, connect (tools installed into the catalog as kind
 * `mcp`, named `mcp_<tool>_<slug>`), list and get, refresh (new tools installed, changed
 * schemas updated, vanished ones removed), sync (which discovered tools stay installed, by
 * `mcpToolName`), disconnect; and the run of one MCP tool call in a turn.
 */
@Injectable()
export class McpService {
  constructor(
    private readonly servers: McpServerRepository,
    private readonly catalog: CatalogRepository,
    private readonly secrets: McpSecretBox,
    private readonly clients: McpClients,
    private readonly config: ToolsConfigService,
    private readonly oauth: McpOauth,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** OAuth token refreshes under way, by server. */
  private readonly refreshing = new Map<string, Promise<McpSecrets>>();

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
      return this.view(server, installed);
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
      const { tools: _tools, ...summary } = this.view(server, installed.get(server.id) ?? []);
      return summary;
    });
    return { count: items.length, servers: items };
  }

  async get(request: OperationRequest<typeof ops.mcpGet>) {
    const server = await this.readable(request);
    return this.view(server, await this.catalog.mcpTools(server.workspaceId, server.id));
  }

  async refresh(request: OperationRequest<typeof ops.mcpRefresh>) {
    const first = await this.writable(request);
    const result = await this.rediscover(first);
    return { status: 'success', message: 'MCP server tools refreshed', data: result };
  }

  /** Discovers the server's tools with its credentials and brings the catalog in line (refresh; after an OAuth callback). */
  private async rediscover(first: McpServer) {
    let found: McpDiscovery;
    try {
      found = await this.withCredentials(first, (endpoint) => this.clients.discover(endpoint));
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
        if (entry.description !== description || JSON.stringify(entry.parameters) !== JSON.stringify(parameters)) {
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
        ...this.view(server, [...remaining, ...installedNow]),
        added: added.map((tool) => tool.name),
        updated,
        removed,
      };
    });
  }

  async oauthStart(request: OperationRequest<typeof ops.mcpOauthStart>) {
    const server = await this.writable(request);
    if (server.authType !== 'oauth') {
      throw new DomainError(ErrorCode.Conflict, 'This MCP server was not connected with auth.type oauth', {
        mcpId: server.id,
        auth: server.authType,
      });
    }
    const secrets = this.secrets.open(server.secretsSealed);
    let started;
    try {
      started = await this.oauth.start(server.url, secrets.oauth ?? {});
    } catch (error) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.McpUnreachable,
        `OAuth discovery or registration failed: ${messageOf(error)}`,
        {
          error: messageOf(error),
        },
      );
    }
    await this.unitOfWork.run(async (transaction) => {
      const locked = await this.lock(server.workspaceId, server.id, transaction);
      const current = this.secrets.open(locked.secretsSealed);
      Object.assign(locked, {
        secretsSealed: this.secrets.seal({ ...current, oauth: { ...started.oauth, tokens: current.oauth?.tokens } }),
        oauthStateHash: stateHashOf(started.state),
        updatedAt: new Date(),
      });
    });
    return { mcpId: server.id, authorizationUrl: started.authorizationUrl, redirectUri: this.oauth.redirectUri };
  }

  /** The authorization server's redirect, forwarded by the gateway: tokens stored, then the tools discovered. Never throws. */
  async oauthCallback(request: OperationRequest<typeof internalOperations.tools.mcpOauthCallback>): Promise<McpOauthCallbackResult> {
    const callback = mcpOauthCallbackSchema.safeParse(request.body ?? {});
    if (!callback.success || !callback.data.state) return { ok: false, mcpId: null, message: 'The callback carries no state.' };
    const { state, code, error, errorDescription } = callback.data;
    const server = await this.unitOfWork.run(async (transaction) => {
      const found = await this.servers.findByOauthState(stateHashOf(state), transaction);
      // A state is good once.
      if (found) Object.assign(found, { oauthStateHash: null });
      return found;
    });
    if (!server) return { ok: false, mcpId: null, message: 'This authorization is unknown or was already used. Start it again.' };
    if (error || !code) {
      const why = `the authorization server answered ${error ?? 'no code'}${errorDescription ? `: ${errorDescription}` : ''}`;
      await this.servers.markStatus(
        server.workspaceId,
        server.id,
        server.status === 'active' ? 'authorization_lapsed' : 'authorization_required',
        why,
      );
      return { ok: false, mcpId: server.id, message: `Not authorized: ${why}.` };
    }
    const secrets = this.secrets.open(server.secretsSealed);
    try {
      const oauth = await this.oauth.finish(secrets.oauth ?? {}, code);
      await this.servers.updateSecrets(server.workspaceId, server.id, this.secrets.seal({ ...secrets, oauth }));
    } catch (failure) {
      await this.servers.markStatus(
        server.workspaceId,
        server.id,
        'authorization_required',
        `the token exchange failed: ${messageOf(failure)}`,
      );
      return { ok: false, mcpId: server.id, message: `The token exchange failed: ${messageOf(failure)}` };
    }
    try {
      const fresh = (await this.servers.find([server.workspaceId], server.id))!;
      const result = await this.rediscover(fresh);
      return {
        ok: true,
        mcpId: server.id,
        message: `Authorized: ${result.installedCount} tools installed from ${server.name}. You can close this window.`,
      };
    } catch (failure) {
      return { ok: true, mcpId: server.id, message: `Authorized, but the tools could not be listed yet: ${messageOf(failure)}` };
    }
  }

  /**
   * Runs `work` with the server's credentials: an OAuth token is refreshed when about to
   * expire, and once more when the server answers 401 anyway. A refused authorization leaves
   * the server `authorization_lapsed` (or `authorization_required` if it never had tokens);
   * an unreachable one `error`. Throws McpUnavailableError.
   */
  private async withCredentials<T>(server: McpServer, work: (endpoint: McpEndpoint) => Promise<T>): Promise<T> {
    let secrets = this.secrets.open(server.secretsSealed);
    const oauth = server.authType === 'oauth';
    const lapse = async (message: string): Promise<never> => {
      const status = secrets.oauth?.tokens ? 'authorization_lapsed' : 'authorization_required';
      await this.servers.markStatus(server.workspaceId, server.id, status, message);
      throw new McpUnavailableError(message, 'unauthorized');
    };
    const refreshed = async (force: boolean) => {
      if (!oauth || !this.oauth.needsRefresh(secrets.oauth, force)) return;
      // One refresh per server at a time in this process: refresh tokens may be single-use (rotated).
      let flight = this.refreshing.get(server.id);
      if (!flight) {
        const current = secrets;
        flight = (async () => {
          const next = { ...current, oauth: await this.oauth.refresh(current.oauth!) };
          server.secretsSealed = this.secrets.seal(next);
          await this.servers.updateSecrets(server.workspaceId, server.id, server.secretsSealed);
          return next;
        })().finally(() => this.refreshing.delete(server.id));
        this.refreshing.set(server.id, flight);
      }
      try {
        secrets = await flight;
      } catch (error) {
        await lapse(`the OAuth token could not be refreshed: ${messageOf(error)}`);
      }
    };
    if (oauth && !secrets.oauth?.tokens) await lapse('the server requires OAuth and is not authorized: POST oauth/start');
    await refreshed(false);
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(this.endpointFrom(server, secrets));
      } catch (error) {
        if (!(error instanceof McpUnavailableError)) throw error;
        if (error.kind === 'unauthorized' && oauth) {
          if (attempt === 0 && secrets.oauth?.tokens?.refreshToken) {
            await refreshed(true);
            continue;
          }
          await lapse(error.message);
        }
        throw error;
      }
    }
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
        ...this.view(server, [...kept, ...installedNow]),
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

  /** One tool call of a turn: never throws; a server that is down or refuses is the model's to read. */
  /** A call of one of the server's tools (the server as the call's lookup found it: null when gone). */
  async run(tool: CatalogTool, server: McpServer | null, args: Record<string, unknown>): Promise<RuntimeExecuteResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    if (!server) return { ok: false, outcome: 'mapping-error', httpStatus: null, durationMs: 0, output: 'this tool is not available now' };
    try {
      const result = await this.withCredentials(server, (endpoint) =>
        this.clients.call(server.id, fingerprintOf(server), endpoint, tool.mcpToolName ?? '', args, {
          timeoutMs: server.callTimeoutMs,
          maxTimeoutMs: server.maxCallTimeoutMs,
        }),
      );
      const output = capped(outputOf(result), server.maxBytes);
      if (result.isError)
        return {
          ok: false,
          outcome: 'http-error',
          httpStatus: null,
          durationMs: took(),
          output: { error: 'the MCP tool reported an error', result: output },
        };
      return { ok: true, outcome: 'success', httpStatus: null, durationMs: took(), output };
    } catch (error) {
      if (error instanceof McpError) {
        return {
          ok: false,
          outcome: 'http-error',
          httpStatus: null,
          durationMs: took(),
          output: { error: `the MCP server answered an error: ${mcpErrorText(error)}` },
        };
      }
      const refused = error instanceof McpUnavailableError && error.kind === 'unauthorized';
      const why = refused
        ? `the MCP server refused the authorization: ${messageOf(error)}`
        : `the MCP server could not be reached: ${messageOf(error)}`;
      return { ok: false, outcome: 'network-error', httpStatus: null, durationMs: took(), output: { error: why } };
    }
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

  private endpointFrom(server: McpServer, secrets: McpSecrets): McpEndpoint {
    return { url: server.url, headers: headersOf(secrets), transport: server.transport ?? null };
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

  private async writable(request: RpcRequest): Promise<McpServer> {
    const id = request.params.mcpId ?? '';
    const server = await this.servers.find([writeScope(request).id], id);
    if (!server) throw DomainError.notFound('MCP server', id);
    return server;
  }

  private async lock(workspaceId: string, id: string, transaction: Transaction): Promise<McpServer> {
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

  private view(server: McpServer, installed: CatalogTool[]) {
    const entries = new Map(installed.map((entry) => [entry.mcpToolName!, entry]));
    return {
      mcpId: server.id,
      status: server.status,
      name: server.name,
      url: server.url,
      transport: server.transport ?? null,
      protocolVersion: server.protocolVersion ?? null,
      serverInfo: server.serverInfo ?? null,
      headers: server.headerNames,
      auth: server.authType,
      lastError: server.lastError ?? null,
      lastRefreshAt: server.lastRefreshAt?.toISOString() ?? null,
      limits: { maxBytes: server.maxBytes, timeoutMs: server.callTimeoutMs, maxTimeoutMs: server.maxCallTimeoutMs },
      toolCount: server.tools.length,
      installedCount: entries.size,
      createdAt: server.createdAt.toISOString(),
      updatedAt: server.updatedAt.toISOString(),
      tools: server.tools.map((tool) => {
        const entry = entries.get(tool.name);
        return {
          mcpToolName: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema,
          installed: Boolean(entry),
          installable: installable(tool),
          notInstallableReason: installable(tool) ? null : TASK_REQUIRED_REASON,
          toolId: entry?.id ?? null,
          name: entry?.name ?? null,
        };
      }),
    };
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

function headersOf(secrets: McpSecrets): Record<string, string> {
  const token = secrets.oauth?.tokens?.accessToken ?? secrets.bearerToken;
  return token ? { ...secrets.headers, Authorization: `Bearer ${token}` } : { ...secrets.headers };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a pooled session depends on: when any of it changes, the session is reopened. */
function fingerprintOf(server: McpServer): string {
  return createHash('sha256')
    .update(`${server.url}\n${server.secretsSealed}\n${server.transport ?? ''}`)
    .digest('base64url');
}

/**
 * Tools with `execution.taskSupport: required` answer only task-augmented calls (tools/call with
 * `task`, then polling tasks/get and tasks/result), which the SDK offers as experimental and a
 * turn's synchronous tool call does not make: they are listed but never installed.
 */
function installable(tool: DiscoveredTool): boolean {
  return tool.taskSupport !== 'required';
}

const TASK_REQUIRED_REASON = 'the server runs this tool only as a task (execution.taskSupport: required), which Plática does not call';

/** A result over the server's `maxBytes`: cut as custom API responses are, and the model told so. */
function capped(output: unknown, maxBytes: number): unknown {
  const cut = capBytes(output, maxBytes);
  if (cut === output) return output;
  const size = Buffer.byteLength(typeof output === 'string' ? output : JSON.stringify(output));
  return { truncated: `the tool's result was ${size} bytes; only its first ${maxBytes} are here`, result: cut };
}

function descriptionOf(tool: DiscoveredTool): string {
  return tool.description || tool.title || tool.name;
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

/**
 * A tool call's result as the model reads it: the text content (images and resources named),
 * with the structured content beside it when the server gives one.
 */
export function outputOf(result: CallToolResult): unknown {
  const parts = (result.content ?? []).map((item) => {
    switch (item.type) {
      case 'text':
        return item.text;
      case 'image':
      case 'audio':
        return `[${item.type} ${item.mimeType}]`;
      case 'resource':
        return 'text' in item.resource ? String(item.resource.text) : `[resource ${item.resource.uri}]`;
      case 'resource_link':
        return `[resource ${item.uri}${item.name ? ` ${item.name}` : ''}]`;
      default:
        return JSON.stringify(item);
    }
  });
  const text = parts.join('\n');
  if (result.structuredContent !== undefined)
    return text ? { text, structuredContent: result.structuredContent } : result.structuredContent;
  return text;
}
