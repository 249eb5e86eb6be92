import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';

/** A tool the test server offers: what `tools/list` shows, and how `tools/call` answers. */
export interface TestMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** As `tools/list` shows it; a `required` task tool refuses a plain call (-32601), as servers that only run it as a task do. */
  execution?: { taskSupport: 'forbidden' | 'optional' | 'required' };
  /** The call's result; default: one text content naming the tool and its arguments. */
  run?: (args: Record<string, unknown>, call: TestMcpCallContext) => CallToolResult | Promise<CallToolResult>;
}

/** What a tool's run can do while it runs. */
export interface TestMcpCallContext {
  /** Sends `notifications/progress` for the call's progressToken; false (nothing sent) when the client gave none. */
  progress(progress: number): Promise<boolean>;
  /** Aborted when the client cancels the call (its timeout) or the connection closes. */
  signal: AbortSignal;
}

export interface TestMcpCall {
  name: string;
  arguments: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  sessionId: string | undefined;
  /** How long the tool call was held (the server's `delayMs` and the tool's run). */
  heldMs: number;
  /**
   * The server's whole time for a Streamable HTTP call (the SDK's server transport included):
   * from the POST's arrival to its answer's last byte handed to the socket.
   */
  servedMs?: number;
  /** The call's JSON-RPC id: which POST carried it. */
  requestId: string | number;
  /** The `_meta.progressToken` the client sent, if any. */
  progressToken?: string | number;
}

export interface TestMcpServerOptions {
  /** Streamable HTTP answers as JSON (true) or as an SSE stream (false). Default true. */
  json?: boolean;
  /** Speak only the older HTTP+SSE transport (GET /mcp opens the stream, POST /messages). */
  legacySse?: boolean;
  /** Requests without `Authorization: Bearer <token>` get 401. */
  bearer?: string;
  /**
   * OAuth-protected (MCP authorization): requests need an access token this authorization
   * server issued; a 401 names the protected-resource metadata (RFC 9728) served here.
   */
  oauth?: { url: string; isValid(token: string | undefined): boolean };
  /** Each answer waits this long (a slow server). */
  delayMs?: number;
  tools?: TestMcpTool[];
}

/**
 * A real MCP server for tests and benches, built from the official SDK's server classes
 * (`Server`, `StreamableHTTPServerTransport`, `SSEServerTransport`) on loopback. Each session
 * gets its own `Server` over the current tool list, so tests change tools between discoveries.
 */
export class TestMcpServer {
  readonly calls: TestMcpCall[] = [];
  /** Sessions initialized so far (a reused session does not add one). */
  initializations = 0;
  /** Requests refused for a missing or wrong bearer token. */
  unauthorized = 0;
  tools: TestMcpTool[];
  private readonly sessions = new Map<string, StreamableHTTPServerTransport | SSEServerTransport>();
  private http: HttpServer | null = null;
  url = '';

  private constructor(readonly options: TestMcpServerOptions) {
    this.tools = options.tools ?? defaultTestMcpTools();
  }

  static async start(options: TestMcpServerOptions = {}): Promise<TestMcpServer> {
    const server = new TestMcpServer(options);
    await server.listen();
    return server;
  }

  setTools(tools: TestMcpTool[]): void {
    this.tools = tools;
  }

  /** Forgets every session, as a restarted server would: the next request with an old session id gets 404. */
  forgetSessions(): void {
    this.sessions.clear();
  }

  async stop(): Promise<void> {
    for (const transport of this.sessions.values()) await transport.close().catch(() => undefined);
    this.sessions.clear();
    if (!this.http) return;
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http!.close(() => resolve()));
    this.http = null;
  }

  private async listen(port = 0): Promise<void> {
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.http!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}/mcp`;
  }

  /** A `Server` over the tool list as it is now. */
  private build(): Server {
    const server = new Server({ name: 'platica-test-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: this.tools.map(({ name, description, inputSchema, execution }) => ({
        name,
        description,
        inputSchema: inputSchema as never,
        ...(execution ? { execution } : {}),
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const received = performance.now();
      await this.delay();
      const tool = this.tools.find((t) => t.name === request.params.name);
      if (!tool) return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      this.calls.push({
        name: tool.name,
        arguments: args,
        headers: (extra.requestInfo?.headers ?? {}) as Record<string, string>,
        sessionId: extra.sessionId,
        heldMs: performance.now() - received,
        requestId: extra.requestId,
        progressToken: request.params._meta?.progressToken,
      });
      if (tool.execution?.taskSupport === 'required' && !(request.params as { task?: unknown }).task)
        throw new McpError(ErrorCode.MethodNotFound, `${tool.name} runs only as a task`);
      const progressToken = request.params._meta?.progressToken;
      const context: TestMcpCallContext = {
        signal: extra.signal,
        progress: async (progress) => {
          if (progressToken === undefined) return false;
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress } });
          return true;
        },
      };
      return tool.run ? tool.run(args, context) : { content: [{ type: 'text', text: `${tool.name} ${JSON.stringify(args)}` }] };
    });
    server.oninitialized = () => {
      this.initializations++;
    };
    return server;
  }

  private async delay(): Promise<void> {
    if (this.options.delayMs) await new Promise((resolve) => setTimeout(resolve, this.options.delayMs));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = performance.now();
    const oauth = this.options.oauth;
    if (oauth) {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (req.method === 'GET' && path.startsWith('/.well-known/oauth-protected-resource')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ resource: this.url, authorization_servers: [oauth.url], scopes_supported: ['tools'] }));
        return;
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!oauth.isValid(token)) {
        this.unauthorized++;
        const metadata = new URL('/.well-known/oauth-protected-resource/mcp', this.url).toString();
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': `Bearer resource_metadata="${metadata}"` });
        res.end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
    }
    if (this.options.bearer && req.headers.authorization !== `Bearer ${this.options.bearer}`) {
      this.unauthorized++;
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (this.options.legacySse) return this.handleLegacy(req, res, url);
    if (url.pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? this.sessions.get(sessionId) : undefined;
    if (sessionId && !transport) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      return;
    }
    if (!transport) {
      const fresh = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: this.options.json ?? true,
        onsessioninitialized: (id) => {
          this.sessions.set(id, fresh);
        },
      });
      fresh.onclose = () => {
        if (fresh.sessionId) this.sessions.delete(fresh.sessionId);
      };
      await this.build().connect(fresh);
      transport = fresh;
    }
    const rpc = body as { method?: string; id?: string | number } | undefined;
    if (rpc?.method === 'tools/call') {
      res.on('finish', () => {
        const call = this.calls.find((c) => c.requestId === rpc.id && c.sessionId === (sessionId ?? c.sessionId));
        if (call) call.servedMs = performance.now() - arrived;
      });
    }
    await (transport as StreamableHTTPServerTransport).handleRequest(req, res, body);
  }

  /** The 2024-11-05 transport: GET opens the event stream (its first event names the POST endpoint). */
  private async handleLegacy(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/mcp') {
      const transport = new SSEServerTransport('/messages', res);
      this.sessions.set(transport.sessionId, transport);
      res.on('close', () => this.sessions.delete(transport.sessionId));
      await this.build().connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const transport = this.sessions.get(url.searchParams.get('sessionId') ?? '') as SSEServerTransport | undefined;
      if (!transport) {
        res.writeHead(404).end('unknown session');
        return;
      }
      await transport.handlePostMessage(req, res, await readJson(req));
      return;
    }
    // A Streamable HTTP attempt (POST /mcp) is not understood here: the client falls back.
    res.writeHead(405, { allow: 'GET' }).end();
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** `get_weather` (city required, units enum) and `search_orders`, as the conformance fake offers them. */
export function defaultTestMcpTools(): TestMcpTool[] {
  return [
    {
      name: 'get_weather',
      description: 'Current weather of a city.',
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name' },
          units: { type: 'string', enum: ['metric', 'imperial'] },
        },
        required: ['city'],
      },
      run: (args) => ({
        content: [{ type: 'text', text: `soleado en ${String(args.city)}` }],
        structuredContent: { city: args.city, sky: 'soleado' },
      }),
    },
    {
      name: 'search_orders',
      description: 'Search the orders of a customer.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    },
  ];
}
