import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@platica/platform';

export const gatewayConfigSchema = baseConfigSchema.extend({
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key, so runs sharing a Redis never share counters. */
  PLATICA_REDIS_PREFIX: z.string().default('platica:'),
  /**
   * How long a Redis command or connection attempt may take before the gateway does without
   * Redis (docs/operations.md › When Redis is down): a request never waits longer on it.
   */
  PLATICA_REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
  /** Enables the admin API (`/admin/v1`); it is off when unset. */
  PLATICA_ADMIN_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Public base URL, used in OAuth metadata and `WWW-Authenticate` challenges. */
  PLATICA_PUBLIC_URL: z.url().optional(),
  /**
   * Origins besides the public URL's that may call `/mcp` (comma-separated, e.g. an internal
   * name such as `http://platica-gateway:8080`): its DNS rebinding protection refuses the rest.
   */
  PLATICA_MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** How long a resolved credential is trusted before it is read again (revocation delay). */
  PLATICA_CREDENTIAL_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Live (not revoked, not expired) API keys one workspace may hold: a runaway script cannot mint without end. */
  PLATICA_API_KEYS_PER_WORKSPACE: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Lifetime of an access token issued by the OAuth token endpoint. */
  PLATICA_OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /** Lifetime of a refresh token (each rotation issues a new one with a fresh lifetime). */
  PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86_400),
  /**
   * A key may make its requests per second (30 unless the seed says otherwise) times this many
   * seconds at once, then its rate as the bucket drains; 1 is the spec's "30 per second".
   */
  PLATICA_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(60).default(1),
  /** OAuth client registrations (RFC 7591, unauthenticated) one client address may make per hour. */
  PLATICA_OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Failed authentications (401) one client address may make per window before its requests answer 429. */
  PLATICA_AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).default(30),
  PLATICA_AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** `GET /v1/events` streams one credential may hold open at once on one gateway replica (docs/events.md). */
  PLATICA_EVENT_STREAMS_PER_CREDENTIAL: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How often an idle `GET /v1/events` stream sends a comment, so proxies and clients see it alive. */
  PLATICA_EVENT_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** The largest customer media the media route serves (16 MiB: WhatsApp's video and audio limit); up to Meta's 100 MB for documents. */
  PLATICA_MEDIA_MAX_BYTES: z.coerce.number().int().min(1).max(104_857_600).default(16_777_216),
  /** One media's download from Meta, once Graph has answered its URL. */
  PLATICA_MEDIA_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Bytes of media one gateway replica keeps in memory (0: none), and for how long (docs/receiving-from-meta.md › Customer media). */
  PLATICA_MEDIA_CACHE_MAX_BYTES: z.coerce.number().int().min(0).max(4_294_967_296).default(67_108_864),
  PLATICA_MEDIA_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
