import { Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { DomainError, ErrorCode } from '@platica/errors';
import { GatewayConfigService } from '../config/gateway-config.service';
import { RedisStore } from '../redis/redis.store';
import { OAuthError } from './oauth-error';
import { OAuthGrantRepository } from './oauth-grant.repository';
import { parseScope, redirectUriProblem } from './oauth-rules';

const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** At most this many redirect URIs per client: an MCP client needs one or two. */
export const MAX_REDIRECT_URIS = 10;
const uri = z.string().max(2000);
const word = z.string().max(100);

/**
 * RFC 7591 §2 client metadata, as far as this server uses it, each field bounded; metadata it
 * does not use is dropped (§2: the server ignores what it does not understand), so nothing
 * unbounded is stored from an unauthenticated request.
 */
export const clientRegistrationSchema = z.object({
  redirect_uris: z.array(uri).min(1).max(MAX_REDIRECT_URIS),
  client_name: z.string().max(200).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  grant_types: z.array(word).max(10).optional(),
  response_types: z.array(word).max(10).optional(),
  token_endpoint_auth_method: word.optional(),
  scope: z.string().max(1000).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(200).optional(),
});

/**
 * Dynamic client registration (RFC 7591): open, as MCP clients expect, and harmless since a
 * client gets nothing until a user consents. Bounded all the same: fields and redirect URIs
 * are limited, each address may register a few clients an hour, and a client no user
 * authorizes within a day expires (UNAUTHORIZED_CLIENT_TTL_SECONDS). Every client is public: a requested
 * `token_endpoint_auth_method` is replaced by `none` (§3.2.1 lets the server do so). While Redis
 * is down, each replica counts the registrations in its own memory.
 */
@Injectable()
export class OAuthClientRegistration {
  private readonly registrations: RateLimiterRedis;
  private readonly localRegistrations: RateLimiterMemory;
  private readonly perHour: number;

  constructor(
    private readonly grants: OAuthGrantRepository,
    private readonly store: RedisStore,
    config: GatewayConfigService,
  ) {
    this.perHour = config.values.PLATICA_OAUTH_REGISTRATIONS_PER_HOUR;
    const options = { keyPrefix: `${config.values.PLATICA_REDIS_PREFIX}oauth:registrations`, points: this.perHour, duration: 3_600 };
    this.registrations = new RateLimiterRedis({ storeClient: store.redis, ...options });
    this.localRegistrations = new RateLimiterMemory(options);
  }

  /** Registers a client for a requester at `address`, within the address's hourly budget. */
  async register(body: unknown, address: string): Promise<Record<string, unknown>> {
    try {
      await this.store.withFallback(
        'client-registrations',
        () => this.registrations.consume(address),
        () => this.localRegistrations.consume(address),
      );
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new DomainError(ErrorCode.RateLimited, 'Too many client registrations from this address', {
        limit: this.perHour,
        windowSeconds: 3_600,
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      });
    }
    const parsed = clientRegistrationSchema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.path.join('.') || 'body';
      throw new OAuthError(
        field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
        `${field}: ${first?.message ?? 'invalid'}`,
      );
    }
    const metadata = parsed.data;
    metadata.redirect_uris.forEach((uri, index) => {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${problem}`);
    });
    const grantTypes = metadata.grant_types ?? ['authorization_code'];
    const unsupported = grantTypes.filter((g) => !SUPPORTED_GRANT_TYPES.includes(g));
    if (unsupported.length > 0) throw new OAuthError('invalid_client_metadata', `grant_types: ${unsupported.join(', ')} not supported`);
    const responseTypes = metadata.response_types ?? ['code'];
    if (responseTypes.some((r) => r !== 'code')) throw new OAuthError('invalid_client_metadata', 'response_types: only code is supported');
    if (metadata.scope !== undefined) {
      try {
        parseScope(metadata.scope);
      } catch (error) {
        throw new OAuthError('invalid_client_metadata', `scope: ${(error as Error).message}`);
      }
    }
    const registered = {
      ...metadata,
      redirect_uris: [...new Set(metadata.redirect_uris)],
      grant_types: grantTypes,
      response_types: responseTypes,
      token_endpoint_auth_method: 'none',
    };
    const client = await this.grants.registerClient({
      clientName: metadata.client_name ?? null,
      redirectUris: registered.redirect_uris,
      metadata: registered,
    });
    return { ...registered, client_id: client.id, client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000) };
  }
}
