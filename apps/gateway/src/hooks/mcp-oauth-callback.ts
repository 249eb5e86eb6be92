import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { internalOperations, type McpOauthCallback, type McpOauthCallbackResult } from '@platica/contracts';
import { RpcClient, requestContext } from '@platica/platform';
import { hookAuth } from './hook-auth';

const NO_AUTH = hookAuth('mcp-oauth-callback');

/**
 * Where an MCP server's authorization server sends the user back after consent,
 * `GET /hooks/mcp/oauth/callback?code&state` (the `redirect_uri` the tools service registers).
 * It carries no credential: the one-time `state` names the server. The gateway forwards it to
 * the tools service, which trades the code for tokens, and shows the user a short page.
 */
@Injectable()
export class McpOauthCallbackHook implements OnApplicationBootstrap {
  private registered = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap(): void {
    if (this.registered) return;
    this.registered = true;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/hooks/mcp/oauth/callback', (request, reply) => this.callback(request, reply));
  }

  private async callback(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).slice(0, 4_000) : undefined);
    const body: McpOauthCallback = {
      state: text('state') ?? '',
      code: text('code'),
      error: text('error'),
      errorDescription: text('error_description'),
    };
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    let result: McpOauthCallbackResult;
    try {
      const answer = await requestContext.run({ requestId }, () =>
        this.rpc.request(internalOperations.tools.mcpOauthCallback.subject, { auth: NO_AUTH, workspaceId: null, params: {}, query: {}, body, requestId }),
      );
      result =
        answer.status === 200
          ? (answer.body as McpOauthCallbackResult)
          : { ok: false, mcpId: null, message: 'The authorization could not be completed. Try again.' };
    } catch {
      result = { ok: false, mcpId: null, message: 'The authorization could not be completed now. Try again.' };
    }
    await reply
      .status(result.ok ? 200 : 400)
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'")
      .type('text/html; charset=utf-8')
      .send(page(result));
  }
}

function page(result: McpOauthCallbackResult): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = result.ok ? 'MCP server authorized' : 'MCP server not authorized';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escape(result.message)}</p>${
    result.mcpId ? `<p>mcpId: <code>${escape(result.mcpId)}</code></p>` : ''
  }</body></html>`;
}
