import { Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode as McpErrorCode,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { PUBLIC_OPERATIONS } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply, requestContext } from '@platica/platform';
import type { Credential } from '../credentials/credential';
import { GatewayConfigService } from '../config/gateway-config.service';
import { sendError } from '../http/http-errors';
import { REPLAYED_HEADER } from '../idempotency/idempotency';
import { RoutePipeline, requireScope } from '../routes/route-pipeline';
import { McpOriginPolicy } from './mcp-origin-policy';
import { requestFor, toolFor, type McpTool } from './mcp-tools';

const SERVER_INFO = { name: 'platica', title: 'Plática', version: '1.0.0' };
const INSTRUCTIONS =
  'Plática drives AI agents that talk with customers. Each tool is one REST operation of the Plática API with the same ' +
  'arguments (path parameters, query and body fields) and the same JSON answer. Call workspaces_list first when the ' +
  'token covers several workspaces, and pass `workspace` to writes.';

/**
 * `/mcp`: Plática as an MCP server over Streamable HTTP, through the MCP SDK's server and
 * transport. Stateless mode: every POST is served by a fresh server, and nothing about a
 * client lives in a gateway's memory between requests, so any replica behind a load balancer
 * answers any request (no Mcp-Session-Id is issued; the SDK then skips session checks). Each
 * POST is admitted like a REST request (401 challenge, rate limit: a JSON-RPC batch counts as
 * many requests as it has messages, so batching buys no calls past the limit), and each tool
 * call runs through the REST pipeline's `execute` (scope, workspace, NATS request to the owning service).
 */
@Injectable()
export class McpEndpoint {
  private readonly logger = new Logger(McpEndpoint.name);
  private readonly tools = new Map<string, McpTool>(
    PUBLIC_OPERATIONS.filter((operation) => !operation.streaming).map((operation) => [operation.operationId, toolFor(operation)]),
  );
  private readonly toolList = [...this.tools.values()].map(({ name, description, inputSchema, annotations }) => ({
    name,
    description,
    inputSchema,
    annotations,
  }));

  private readonly originPolicy: McpOriginPolicy;

  constructor(
    private readonly pipeline: RoutePipeline,
    config: GatewayConfigService,
  ) {
    this.originPolicy = new McpOriginPolicy(config.publicUrl, config.values.PLATICA_MCP_ALLOWED_ORIGINS);
  }

  register(fastify: FastifyInstance): void {
    // A scope of its own: what the transport refuses before a JSON-RPC message is read answers as JSON-RPC.
    void fastify.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const refusal = this.originPolicy.refusal(request.headers);
        if (refusal) return sendJsonRpcError(reply, 403, -32000, `Forbidden: ${refusal}`);
      });
      scope.setErrorHandler(async (error, _request, reply) => {
        if (isParseError(error)) return sendJsonRpcError(reply, 400, -32700, `Parse error: ${parseProblem(error)}`);
        await sendError(reply, error);
      });
      scope.post('/mcp', (request, reply) => this.post(request, reply));
      // Stateless: no standalone SSE stream to open (GET) and no session to end (DELETE).
      for (const method of ['GET', 'DELETE'] as const) {
        scope.route({ method, url: '/mcp', handler: (request, reply) => this.notAllowed(request, reply) });
      }
    });
  }

  private async post(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const requestId = randomUUID();
    let headers: Record<string, string> = {};
    await requestContext.run({ requestId }, async () => {
      try {
        const admitted = await this.pipeline.admit(request, Array.isArray(request.body) ? Math.max(1, request.body.length) : 1);
        headers = admitted.headers;
        if (admitted.refusal) throw admitted.refusal;
        // A write tool called with a read-only token is refused at the HTTP level, with the
        // RFC 6750 challenge MCP clients step up from (MCP authorization, scope challenge).
        // JSON that is not JSON-RPC is an invalid request (-32600); the SDK's transport would call it a parse error.
        if (!isJsonRpc(request.body)) {
          for (const [name, value] of Object.entries(headers)) reply.header(name, value);
          sendJsonRpcError(reply, 400, -32600, 'Invalid Request: not a JSON-RPC 2.0 message');
          return;
        }
        for (const tool of this.calledTools(request.body)) requireScope(tool.operation, admitted.credential);
        await this.serve(request, reply, admitted.credential, headers, requestId);
      } catch (error) {
        if (reply.sent) {
          this.logger.error({ msg: 'MCP request failed after the answer started', error: String(error) });
          return;
        }
        await sendError(reply, error, { ...headers, ...this.pipeline.challengeFor(error) });
      }
    });
  }

  private async notAllowed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const admitted = await this.pipeline.admit(request);
      if (admitted.refusal) throw admitted.refusal;
    } catch (error) {
      await sendError(reply, error, this.pipeline.challengeFor(error));
      return;
    }
    const refusal = new DomainError(
      ErrorCode.MethodNotAllowed,
      'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST',
      { allow: 'POST' },
    );
    await sendError(reply, refusal, { allow: 'POST' });
  }

  private async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    credential: Credential,
    headers: Record<string, string>,
    requestId: string,
  ) {
    const server = this.serverFor(credential, requestId);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    // An McpError's message carries `MCP error <code>: ` already, and a client adds it again: the wire gets the bare message.
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(withoutCodePrefix(message), options);
    reply.hijack();
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  private serverFor(credential: Credential, requestId: string): Server {
    const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.toolList }));
    server.setRequestHandler(CallToolRequestSchema, async (call) => {
      const tool = this.tools.get(call.params.name);
      if (!tool) throw new McpError(McpErrorCode.InvalidParams, `Unknown tool ${call.params.name}`);
      return this.call(tool, call.params.arguments ?? {}, credential, requestId);
    });
    return server;
  }

  /** The tool's answer is the REST answer: its JSON body, flagged isError for a 4xx or 5xx. */
  private async call(tool: McpTool, args: Record<string, unknown>, credential: Credential, requestId: string): Promise<CallToolResult> {
    let status: number;
    let body: unknown;
    let replayed = false;
    try {
      const answer = await this.pipeline.execute(tool.operation, credential, { ...requestFor(tool, args), requestId });
      ({ status, body } = answer);
      replayed = answer.headers?.[REPLAYED_HEADER] === 'true';
    } catch (error) {
      ({ status, body } = errorReply(error, { tool: tool.name }));
    }
    const isError = status >= 400;
    const structured = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    return {
      content: [{ type: 'text', text: body === undefined || body === null ? '' : JSON.stringify(body) }],
      ...(structured && !isError ? { structuredContent: structured } : {}),
      ...(isError ? { isError: true } : {}),
      // A replay of an earlier call with the same idempotencyKey, as REST's Idempotent-Replayed header says.
      _meta: { 'platica/status': status, ...(replayed ? { 'platica/idempotentReplayed': true } : {}) },
    };
  }

  /** The tools a POST calls (a single JSON-RPC message or a batch). */
  private calledTools(body: unknown): McpTool[] {
    const messages = Array.isArray(body) ? body : [body];
    const called: McpTool[] = [];
    for (const message of messages) {
      const name = (message as { method?: unknown; params?: { name?: unknown } } | null)?.params?.name;
      if ((message as { method?: unknown } | null)?.method !== 'tools/call' || typeof name !== 'string') continue;
      const tool = this.tools.get(name);
      if (tool) called.push(tool);
    }
    return called;
  }
}

function isJsonRpc(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.length > 0 && messages.every((message) => JSONRPCMessageSchema.safeParse(message).success);
}

function withoutCodePrefix(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message)) return message;
  return { ...message, error: { ...message.error, message: message.error.message.replace(/^(MCP error -?\d+: )+/, '') } };
}

/** A body that is not one JSON document: empty, not JSON, not UTF-8, or nested too deep (the input guard). */
function isParseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof DomainError && error.code === ErrorCode.Validation)
  );
}

function parseProblem(error: unknown): string {
  const issue = error instanceof DomainError ? (error.details as { message?: string }[] | undefined)?.[0]?.message : undefined;
  return issue ?? (error as Error).message;
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}
