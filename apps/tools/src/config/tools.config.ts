import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

/** An empty variable (`KNOWLEDGE_EMBEDDINGS_BASE_URL=` in a compose file or a manifest) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const toolsConfigSchema = baseConfigSchema.extend({
  /** The most a remote API's answer may weigh before it is cut off (read cap; `response.maxBytes` then trims what the model gets). */
  TOOLS_RESPONSE_READ_LIMIT_BYTES: z.coerce.number().int().min(1_024).max(50_000_000).default(2_000_000),
  /** Outbound connections to remote APIs kept open per origin. */
  TOOLS_CONNECTIONS_PER_ORIGIN: z.coerce.number().int().min(1).max(1_000).default(32),
  /**
   * Multiplies an MCP server's tool call limits (`limits.timeoutMs`, `limits.maxTimeoutMs`) where
   * they are enforced: 1 in production; tests run a slow tool against the same limits in less time.
   */
  TOOLS_MCP_TIMEOUT_SCALE: z.coerce.number().positive().max(1).default(1),
  /** The gateway's public origin: MCP OAuth redirects come back to `<it>/hooks/mcp/oauth/callback`. */
  PLATICA_PUBLIC_URL: z.url().default('http://127.0.0.1:8080'),
  /**
   * Integrations (docs/tools.md › Integrations): where each provider's API is, for a loopback
   * fake in tests or a proxy. Shopify's default is the installation's own `https://<shop>.myshopify.com`.
   */
  INTEGRATIONS_SHOPIFY_BASE_URL: z.url().optional(),
  INTEGRATIONS_HUBSPOT_BASE_URL: z.url().default('https://api.hubapi.com'),
  INTEGRATIONS_GOOGLE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  INTEGRATIONS_GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  INTEGRATIONS_GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** The Google Cloud OAuth client (a web application's) the installation authorizes through; Google Calendar is unavailable without it. */
  INTEGRATIONS_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  INTEGRATIONS_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Knowledge bases (docs/knowledge.md): an OpenAI-compatible embeddings endpoint
   * (`POST {KNOWLEDGE_EMBEDDINGS_BASE_URL}/embeddings`). Unset: text search alone, no vectors.
   */
  KNOWLEDGE_EMBEDDINGS_BASE_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ }).optional()),
  KNOWLEDGE_EMBEDDINGS_API_KEY: unsetWhenEmpty(z.string().optional()),
  KNOWLEDGE_EMBEDDINGS_MODEL: unsetWhenEmpty(z.string().min(1).default('text-embedding-3-small')),
  /** The longest an exact vector search may scan before search answers with text ranks alone (`vectorSearch: unavailable`). */
  KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** The most a crawled page (or a sitemap, or robots.txt) may weigh. */
  KNOWLEDGE_PAGE_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(5_000_000),
  /** Links read from one page when crawling (a page of thousands of links is cut here, and the source says so). */
  KNOWLEDGE_LINKS_PER_PAGE: z.coerce.number().int().min(1).max(100_000).default(500),
  /** How long one page fetch may take. */
  KNOWLEDGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type ToolsConfig = z.output<typeof toolsConfigSchema>;

/** The tools service's validated configuration, injectable. */
@Injectable()
export class ToolsConfigService {
  constructor(readonly values: ToolsConfig) {}
}
