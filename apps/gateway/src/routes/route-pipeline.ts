import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { PublicOperation, RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { RpcClient, requestContext } from '@platica/platform';
import { Authenticator } from '../auth/authenticator';
import { requireRole } from '../auth/workspace-roles';
import type { Credential } from '../credentials/credential';
import { GatewayConfigService } from '../config/gateway-config.service';
import { AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';
import { RateLimiter, rateLimitExceeded, rateLimitHeaders } from '../rate-limit/rate-limiter';
import { retryAfterOf, sendError } from '../http/http-errors';
import { Idempotency, idempotencyKeyOf, requestFingerprint, requestRefOf } from '../idempotency/idempotency';
import { registerMethodNotAllowed } from './method-not-allowed';
import { ROUTES } from './route-table';

/** An operation's input as the gateway receives it, before `workspace` is resolved. */
export interface OperationInput {
  params: Record<string, string>;
  /** The query string's values, `workspace` included. */
  query: Record<string, unknown>;
  body: unknown;
  requestId: string;
  /** The `Idempotency-Key` header's value (the `idempotencyKey` argument over /mcp), as it came. */
  idempotencyKey?: unknown;
}

/**
 * Serves the route table: for each request, authenticate, count it against the
 * credential's rate limit, check the scope, resolve the workspace, then hand it to the
 * owning service over NATS and answer with the service's status and body. `/mcp` admits its
 * requests and runs its tool calls through the same `admit` and `execute`.
 */
@Injectable()
export class RoutePipeline {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly rateLimiter: RateLimiter,
    private readonly authFailures: AuthFailureLimiter,
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfigService,
    private readonly idempotency: Idempotency,
  ) {}

  register(fastify: FastifyInstance): void {
    for (const route of ROUTES) {
      // A stream has its own handler (EventStreamEndpoint): it admits through `admit` and `authorize`.
      if (route.operation.streaming) continue;
      fastify.route({
        method: route.operation.method,
        url: route.url,
        handler: (request, reply) => this.handle(route.operation, request, reply),
      });
    }
    registerMethodNotAllowed(fastify, ROUTES);
  }

  private async handle(operation: PublicOperation, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const requestId = incomingRequestId(request) ?? randomUUID();
    void reply.header('x-request-id', requestId);
    let headers: Record<string, string> = {};
    await requestContext.run({ requestId }, async () => {
      try {
        const admitted = await this.admit(request);
        headers = admitted.headers;
        if (admitted.refusal) throw admitted.refusal;
        const answer = await this.execute(operation, admitted.credential, {
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          body: request.body ?? null,
          requestId,
          idempotencyKey: request.headers['idempotency-key'],
        });
        await reply
          .status(answer.status)
          .headers({ ...headers, ...retryAfterOf(answer.status, answer.body), ...(answer.headers ?? {}) })
          .send(answer.body);
      } catch (error) {
        await sendError(reply, error, { ...headers, ...this.challengeFor(error) });
      }
    });
  }

  /**
   * Who is calling, and whether their budget allows `requests` more (a /mcp batch counts each
   * of its messages): authentication and the rate limit. Throws 401; `refusal` is the 429 to
   * answer when the budget is spent, and `headers` the X-RateLimit-* ones to answer with either way.
   */
  async admit(
    request: FastifyRequest,
    requests = 1,
  ): Promise<{ credential: Credential; headers: Record<string, string>; refusal?: DomainError }> {
    const { authorization } = request.headers;
    // A credential the gateway holds in memory goes straight to the count: one Redis round trip.
    // Any other is looked up; a failure counts against the address (429 once it keeps failing),
    // a valid credential is admitted whatever else its address sent.
    const credential =
      this.authenticator.known(authorization) ??
      (await this.authFailures.guard(request.ip, () => this.authenticator.authenticate(authorization)));
    const rate = await this.rateLimiter.consume(credential.rateLimitSubject, credential.rateLimitPerSecond, undefined, requests);
    if (rate.barred) throw this.authFailures.blocked(rate.msBeforeLifted); // no barrier given: never
    const headers = rateLimitHeaders(rate.state);
    return rate.allowed ? { credential, headers } : { credential, headers, refusal: rateLimitExceeded(rate) };
  }

  /** What an admitted credential may do with the operation (scope, workspace, role): the workspace it targets, if one. */
  authorize(operation: PublicOperation, credential: Credential, requestedWorkspace: unknown): string | null {
    requireScope(operation, credential);
    const workspaceId = resolveWorkspace(operation, credential, requestedWorkspace);
    requireRole(operation, credential, workspaceId);
    return workspaceId;
  }

  /** One operation for an admitted credential: `authorize`, then the owning service over NATS. */
  async execute(
    operation: PublicOperation,
    credential: Credential,
    input: OperationInput,
  ): Promise<{ status: number; headers?: Record<string, string>; body: unknown }> {
    const { workspace, ...query } = input.query;
    const workspaceId = this.authorize(operation, credential, workspace);
    if (operation.pending) {
      throw new DomainError(ErrorCode.NotImplemented, `${operation.method} ${operation.path} is not implemented yet`, {
        pending: operation.pending,
      });
    }
    const envelope: RpcRequest = {
      auth: credential.auth,
      workspaceId,
      params: input.params,
      // `workspace` is the gateway's: it is resolved into `workspaceId`.
      query: query as RpcRequest['query'],
      body: input.body,
      requestId: input.requestId,
    };
    // Without the header, or on an operation that takes none, nothing changes.
    const key = operation.idempotent ? idempotencyKeyOf(input.idempotencyKey) : null;
    if (key === null || workspaceId === null) return this.rpc.request(operation.subject, envelope, operation.timeoutMs);
    const fingerprint = requestFingerprint(operation, input.params, query, input.body);
    // The service records what the request creates under this reference: a retry that finds the
    // key gone (its claim lapsed with a gateway killed or frozen holding it) still creates nothing
    // twice, and is judged as of its first attempt, as that attempt, arriving late, would be.
    const requestRef = requestRefOf(workspaceId, key, fingerprint);
    return this.idempotency.run(
      { operation, workspaceId, key, lockMs: operation.timeoutMs ?? this.config.values.PLATICA_RPC_TIMEOUT_MS, fingerprint },
      ({ firstClaimedAt }) =>
        this.rpc.request(operation.subject, { ...envelope, requestRef, requestedAt: firstClaimedAt.toISOString() }, operation.timeoutMs),
    );
  }

  /** RFC 6750 / RFC 9728: 401 and 403 answers tell a client where to discover authorization. */
  challengeFor(error: unknown): Record<string, string> {
    if (!(error instanceof DomainError)) return {};
    const metadata = `${this.config.publicUrl}/.well-known/oauth-protected-resource`;
    if (error.code === ErrorCode.Unauthenticated) return { 'www-authenticate': `Bearer resource_metadata="${metadata}"` };
    if (error.code === ErrorCode.InsufficientScope) {
      return { 'www-authenticate': `Bearer error="insufficient_scope", scope="platica:write", resource_metadata="${metadata}"` };
    }
    return {};
  }
}

function incomingRequestId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-request-id'];
  return typeof value === 'string' && /^[\w.:-]{1,128}$/.test(value) ? value : undefined;
}

/** Throws 403 insufficient_scope when the credential lacks the operation's scope. */
export function requireScope(operation: PublicOperation, credential: Credential): void {
  const needed = operation.scope === 'read' ? 'platica:read' : 'platica:write';
  if (!credential.auth.scopes.includes(needed)) {
    throw new DomainError(ErrorCode.InsufficientScope, 'insufficient_scope', { requiredScope: needed });
  }
}

/** Spec, Authentication 6 and Endpoints › General rules; ARCHITECTURE.md's statuses. */
function resolveWorkspace(operation: PublicOperation, credential: Credential, requested: unknown): string | null {
  const ids = credential.auth.workspaceIds;
  if (requested !== undefined) {
    if (typeof requested !== 'string' || requested.length === 0) {
      throw DomainError.validation([{ path: ['workspace'], message: 'must be one workspace id' }]);
    }
    // Never reveal whether a workspace the credential does not cover exists.
    if (!ids.includes(requested)) throw new DomainError(ErrorCode.NotFound, 'Workspace not found', { workspace: requested });
    return requested;
  }
  if (ids.length === 1) return ids[0]!;
  if (operation.workspace === 'one') {
    throw DomainError.validation(
      [
        {
          path: ['workspace'],
          message: 'this credential covers several workspaces: name one with ?workspace=<id> (see GET /v1/workspaces)',
        },
      ],
      'A workspace is required',
    );
  }
  return null;
}
