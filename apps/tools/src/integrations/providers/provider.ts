import { z } from 'zod';
import type { FieldIssue } from '@platica/errors';
import type { TestOutcome } from '@platica/contracts';
import type { ToolsConfig } from '../../config/tools.config';

/**
 * A first-party provider: a definition maintained in code (docs/tools.md › Integrations ›
 * Writing a provider). Its tools call the provider's real API through a `ProviderApi` bound to
 * the provider's origin, which adds the installation's credentials, the outbound guard, the
 * time limit and the read cap; a tool only says which requests to make and what the model reads.
 */
export interface IntegrationProvider {
  id: string;
  name: string;
  description: string;
  /** A `data:` image URL (the console loads nothing from a third party); `badgeIcon` makes one. */
  icon: string;
  auth: ApiKeyAuth | OAuth2Auth;
  settings: ProviderSetting[];
  /** Problems of the installation's settings beyond presence (a shop domain's form), naming each key. */
  settingsProblems?(settings: Record<string, string>): FieldIssue[];
  /** Where the provider's API is for these settings: every request of its tools, and its credentials, go only there. */
  baseUrl(settings: Record<string, string>, config: ToolsConfig): string;
  tools: ProviderTool[];
}

/** A credential given at install (write-only), sent as the provider expects it. */
export interface ApiKeyAuth {
  type: 'api_key';
  headers(apiKey: string): Record<string, string>;
}

/** OAuth 2.0, authorization code with PKCE (S256), with the installation's client from env. */
export interface OAuth2Auth {
  type: 'oauth2';
  scopes: string[];
  /** The authorization server and the OAuth client; null when the client is not configured (the provider is then unavailable). */
  endpoints(config: ToolsConfig): OAuth2Endpoints | null;
  /** Extra parameters of the authorization URL (Google's `access_type=offline` for a refresh token). */
  authorizationParams?: Record<string, string>;
}

export interface OAuth2Endpoints {
  authorizationUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface ProviderSetting {
  key: string;
  label: string;
  description: string;
  required: boolean;
  example: string | null;
  /** Used when the installation gives none. */
  default?: string;
}

export interface ProviderTool<I extends z.ZodType = z.ZodType> {
  /** The `providerToolName` (the catalog name is `<providerId>_<it>`). */
  name: string;
  /** What the model reads. */
  description: string;
  /** The arguments; their JSON Schema is what the model sees (`z.toJSONSchema`). */
  input: I;
  run(api: ProviderApi, args: z.output<I>, settings: Record<string, string>): Promise<unknown>;
}

/** A square badge with the provider's initial in its colour, as an SVG `data:` URL. */
export function badgeIcon(initial: string, background: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${background}"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="bold" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Defines a tool with its arguments' type inferred from `input`. */
export function providerTool<I extends z.ZodType>(tool: ProviderTool<I>): ProviderTool {
  return tool as unknown as ProviderTool;
}

/** The JSON Schema the model is offered for a tool's arguments. */
export function parametersOfTool(tool: ProviderTool): Record<string, unknown> {
  const { $schema: _schema, ...schema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
  return schema;
}

/** The provider's API as a tool sees it: paths relative to its base URL, JSON in and out. */
export interface ProviderApi {
  request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options?: { query?: Record<string, string>; json?: unknown },
  ): Promise<unknown>;
}

/** What a tool run gives when the provider refused or answered what the tool cannot read. */
export class ProviderProblem extends Error {
  constructor(
    readonly outcome: TestOutcome,
    message: string,
    readonly httpStatus: number | null = null,
    readonly response: unknown = null,
  ) {
    super(message);
  }
}
