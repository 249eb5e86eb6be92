import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createOutboundDispatcher, describeOutboundError } from '@platica/platform';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { ToolsConfigService } from '../config/tools.config';
import type { DiscoveredTool } from './mcp-server.entity';

export type McpTransportKind = 'streamable-http' | 'sse';

/** Where and how to reach a server: its URL and the headers every request carries (credentials included). */
export interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
  /** The transport that worked last time; null tries Streamable HTTP first, then HTTP+SSE. */
  transport?: McpTransportKind | null;
}

/** How long one tool call may take: `timeoutMs` without a word from the server (progress restarts it), `maxTimeoutMs` in all. */
export interface McpCallLimits {
  timeoutMs: number;
  maxTimeoutMs: number;
}

export interface McpDiscovery {
  transport: McpTransportKind;
  protocolVersion: string | null;
  serverInfo: { name: string; version: string } | null;
  tools: DiscoveredTool[];
}

/** Why a server could not be used: unreachable or not speaking MCP (`network`), or it refused the credentials (`unauthorized`). */
export class McpUnavailableError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'unauthorized',
  ) {
    super(message);
    this.name = 'McpUnavailableError';
  }
}

interface Session {
  client: Client;
  transport: McpTransportKind;
  protocolVersion: string | null;
  serverInfo: { name: string; version: string } | null;
}

interface PooledSession {
  fingerprint: string;
  session: Promise<Session>;
  lastUsed: number;
}

const CLIENT_INFO = { name: 'platica', version: '1.0.0' };
const DISCOVERY_TIMEOUT_MS = 20_000;
const IDLE_CLOSE_MS = 5 * 60_000;
const MAX_LISTED_PAGES = 50;

/**
 * MCP clients (official SDK), over the SSRF-guarded dispatcher (libs/platform/src/net: every
 * address dialled is checked after DNS, redirects and SSE streams included). Streamable HTTP
 * first (JSON or SSE answers, `Mcp-Session-Id` kept by the SDK), the older HTTP+SSE transport
 * when a server does not speak it. Tool calls reuse one initialized session per server
 * (`mcpId`), reopened when its configuration changes, when the server forgets it, or after
 * five idle minutes; discovery opens a session of its own and closes it.
 */
@Injectable()
export class McpClients implements OnModuleDestroy {
  private readonly logger = new Logger('mcp-clients');
  private readonly dispatcher: Dispatcher;
  /** fetch over the SSRF-guarded dispatcher (OAuth discovery, registration and token requests use it too). */
  readonly fetch: FetchLike;
  private readonly pool = new Map<string, PooledSession>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(config: ToolsConfigService) {
    this.dispatcher = createOutboundDispatcher(
      { allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS },
      { connections: config.values.TOOLS_CONNECTIONS_PER_ORIGIN },
    );
    const dispatcher = this.dispatcher;
    this.fetch = ((url: string | URL, init?: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1])) as unknown as FetchLike;
    this.sweeper = setInterval(() => this.closeIdle(), 30_000).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.pool.keys()].map((key) => this.drop(key)));
    await this.dispatcher.close();
  }

  /** Opens a session, lists every tool (all pages) and closes it. Throws McpUnavailableError. */
  async discover(endpoint: McpEndpoint): Promise<McpDiscovery> {
    const session = await this.open(endpoint);
    try {
      const tools: DiscoveredTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_LISTED_PAGES; page++) {
        const listed = await session.client.listTools(cursor ? { cursor } : undefined, { timeout: DISCOVERY_TIMEOUT_MS });
        for (const tool of listed.tools) {
          tools.push({
            name: tool.name,
            title: tool.title ?? tool.annotations?.title ?? null,
            description: tool.description ?? '',
            inputSchema: tool.inputSchema as Record<string, unknown>,
            ...(tool.execution?.taskSupport ? { taskSupport: tool.execution.taskSupport } : {}),
          });
        }
        cursor = listed.nextCursor;
        if (!cursor) break;
      }
      return { transport: session.transport, protocolVersion: session.protocolVersion, serverInfo: session.serverInfo, tools };
    } catch (error) {
      throw unavailable(error);
    } finally {
      void session.client.close().catch(() => undefined);
    }
  }

  /**
   * Calls `name` on the server with a pooled session (`key`: the server's id; `fingerprint`:
   * what must not have changed for the session to be reused). A session the server no longer
   * knows, or a broken connection, is reopened once (a timed-out call is not repeated). A
   * tool's own failure (`isError`, or a JSON-RPC error) is returned/thrown as is: McpError.
   * Unreachable or refused: McpUnavailableError. The call carries a `progressToken`: each
   * progress notification restarts the `timeoutMs` wait, up to `maxTimeoutMs` in all.
   */
  async call(
    key: string,
    fingerprint: string,
    endpoint: McpEndpoint,
    name: string,
    args: Record<string, unknown>,
    limits: McpCallLimits,
  ): Promise<CallToolResult> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.session(key, fingerprint, endpoint);
      try {
        const result = await session.client.callTool({ name, arguments: args }, undefined, {
          timeout: limits.timeoutMs,
          maxTotalTimeout: limits.maxTimeoutMs,
          resetTimeoutOnProgress: true,
          // A progress handler is what makes the SDK send a progressToken; the notification's only use is the restarted wait.
          onprogress: () => undefined,
        });
        return result as CallToolResult;
      } catch (error) {
        // The server answered (a JSON-RPC error, or our timeout while it may still run): never called twice.
        if (error instanceof McpError) throw error;
        // The session is gone (404) or the connection broke: once more on a fresh session.
        await this.drop(key);
        if (attempt >= 1 || unavailable(error).kind === 'unauthorized') throw unavailable(error);
      }
    }
  }

  /** Closes and forgets the pooled session of a server (its configuration changed, or it was removed). */
  async drop(key: string): Promise<void> {
    const pooled = this.pool.get(key);
    if (!pooled) return;
    this.pool.delete(key);
    const session = await pooled.session.catch(() => null);
    await session?.client.close().catch(() => undefined);
  }

  private async session(key: string, fingerprint: string, endpoint: McpEndpoint): Promise<Session> {
    const pooled = this.pool.get(key);
    if (pooled && pooled.fingerprint === fingerprint) {
      pooled.lastUsed = Date.now();
      return pooled.session;
    }
    if (pooled) await this.drop(key);
    const session = this.open(endpoint);
    const entry: PooledSession = { fingerprint, session, lastUsed: Date.now() };
    this.pool.set(key, entry);
    session
      .then((opened) => {
        // The server closed the stream or the session: the next call opens a new one.
        opened.client.onclose = () => {
          if (this.pool.get(key) === entry) this.pool.delete(key);
        };
      })
      .catch(() => {
        if (this.pool.get(key) === entry) this.pool.delete(key);
      });
    return session;
  }

  /** Connects and initializes: Streamable HTTP, then HTTP+SSE when that fails for a reason other than credentials. */
  private async open(endpoint: McpEndpoint): Promise<Session> {
    const url = new URL(endpoint.url);
    const requestInit: RequestInit = { headers: endpoint.headers };
    const order: McpTransportKind[] = endpoint.transport === 'sse' ? ['sse', 'streamable-http'] : ['streamable-http', 'sse'];
    let first: unknown = null;
    for (const kind of order) {
      const transport: Transport =
        kind === 'streamable-http'
          ? new StreamableHTTPClientTransport(url, { requestInit, fetch: this.fetch, reconnectionOptions: noReconnection })
          : new SSEClientTransport(url, { requestInit, fetch: this.fetch });
      // The version initialize agreed on, as the client hands it to the transport (the SSE transport shows it nowhere).
      let protocolVersion: string | null = null;
      const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
      transport.setProtocolVersion = (version) => {
        protocolVersion = version;
        setProtocolVersion?.(version);
      };
      const client = new Client(CLIENT_INFO, { capabilities: {} });
      try {
        await client.connect(transport, { timeout: DISCOVERY_TIMEOUT_MS });
        const version = client.getServerVersion();
        return {
          client,
          transport: kind,
          protocolVersion,
          serverInfo: version ? { name: version.name, version: version.version } : null,
        };
      } catch (error) {
        void client.close().catch(() => undefined);
        const failure = unavailable(error);
        if (failure.kind === 'unauthorized') throw failure;
        first ??= failure;
        this.logger.debug({ msg: 'an MCP transport failed', url: endpoint.url, transport: kind, error: failure.message });
      }
    }
    throw first instanceof McpUnavailableError ? first : unavailable(first);
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [key, pooled] of this.pool) if (now - pooled.lastUsed > IDLE_CLOSE_MS) void this.drop(key);
  }
}

/** No resumption of a dropped server stream: a call that lost its answer fails, and the next one reopens the session. */
const noReconnection = { maxReconnectionDelay: 1_000, initialReconnectionDelay: 1_000, reconnectionDelayGrowFactor: 1, maxRetries: 0 };

function unavailable(error: unknown): McpUnavailableError {
  if (error instanceof McpUnavailableError) return error;
  const status = (error as { code?: unknown })?.code;
  const name = (error as { name?: string })?.name;
  if (name === 'UnauthorizedError' || (error instanceof StreamableHTTPError && (status === 401 || status === 403)) || status === 401) {
    return new McpUnavailableError('the MCP server refused the credentials (401/403)', 'unauthorized');
  }
  if (error instanceof McpError) return new McpUnavailableError(`the MCP server answered an error: ${mcpErrorText(error)}`, 'network');
  return new McpUnavailableError(describeOutboundError(error, DISCOVERY_TIMEOUT_MS), 'network');
}

/**
 * A JSON-RPC error as one `MCP error <code>: <message>`. A server built on the SDK that throws an
 * McpError sends its message already prefixed, and the client's McpError prefixes it again.
 */
export function mcpErrorText(error: McpError): string {
  const message = error.message.replace(/^(MCP error -?\d+: )+/, '');
  return `MCP error ${error.code}: ${message}`;
}
