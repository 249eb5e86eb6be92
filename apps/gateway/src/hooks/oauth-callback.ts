import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { internalOperations, type McpOauthCallback } from '@platica/contracts';
import { RpcClient, requestContext } from '@platica/platform';
import { hookAuth } from './hook-auth';

const NO_AUTH = hookAuth('oauth-callback');

/** What the tools service answers a forwarded callback: the page's message, and the id of what was authorized. */
interface CallbackResult {
  ok: boolean;
  message: string;
  mcpId?: string | null;
  installationId?: string | null;
}

/** The callbacks: an MCP server's and an integration's (docs/tools.md), each forwarded to the tools service. */
const CALLBACKS = [
  { path: '/hooks/mcp/oauth/callback', subject: internalOperations.tools.mcpOauthCallback.subject, what: 'MCP server', idName: 'mcpId' },
  {
    path: '/hooks/integrations/oauth/callback',
    subject: internalOperations.tools.integrationOauthCallback.subject,
    what: 'Integration',
    idName: 'installationId',
  },
] as const;
type Callback = (typeof CALLBACKS)[number];

/**
 * Where an authorization server sends the user back after consent,
 * `GET /hooks/mcp/oauth/callback?code&state` for an MCP server and
 * `GET /hooks/integrations/oauth/callback?code&state` for an integration (the `redirect_uri`s
 * the tools service gives). They carry no credential: the one-time `state` names the server or
 * installation. The gateway forwards it to the tools service, which trades the code for tokens,
 * and shows the user a short page.
 */
@Injectable()
export class OauthCallbackHook implements OnApplicationBootstrap {
  private registered = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap(): void {
    if (this.registered) return;
    this.registered = true;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const callback of CALLBACKS) fastify.get(callback.path, (request, reply) => this.callback(callback, request, reply));
  }

  private async callback(callback: Callback, request: FastifyRequest, reply: FastifyReply): Promise<void> {
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
    let result: CallbackResult;
    try {
      const answer = await requestContext.run({ requestId }, () =>
        this.rpc.request(callback.subject, { auth: NO_AUTH, workspaceId: null, params: {}, query: {}, body, requestId }),
      );
      result =
        answer.status === 200
          ? (answer.body as CallbackResult)
          : { ok: false, message: 'The authorization could not be completed. Try again.' };
    } catch {
      result = { ok: false, message: 'The authorization could not be completed now. Try again.' };
    }
    await reply
      .status(result.ok ? 200 : 400)
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'")
      .type('text/html; charset=utf-8')
      .send(page(callback, result));
  }
}

function page(callback: Callback, result: CallbackResult): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = result.ok ? `${callback.what} authorized` : `${callback.what} not authorized`;
  const id = result[callback.idName];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escape(result.message)}</p>${
    id ? `<p>${callback.idName}: <code>${escape(id)}</code></p>` : ''
  }</body></html>`;
}
