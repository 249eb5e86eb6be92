import { z } from 'zod';
import { mcpOauthCallbackSchema, type McpOauthCallback } from './tools';

/**
 * First-party integrations (spec › Catalog tool, kind `integration`: "a first-party app
 * installed from the dashboard"; docs/tools.md › Integrations). A provider is a definition
 * maintained in the tools service's code; an installation is a workspace's copy of one, with
 * its settings, its sealed credentials and the tools it chose. Credentials are write-only.
 */

/**
 * An installation's state: `active` (its tools are published), `paused` (withdrawn from the
 * catalog, connections kept), `authorization_required` (an OAuth provider not authorized yet:
 * `oauth/start`), `authorization_lapsed` (its tokens expired or were revoked and could not be
 * refreshed: authorize again).
 */
export const INSTALLATION_STATUSES = ['active', 'paused', 'authorization_required', 'authorization_lapsed'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export const INTEGRATION_LIMITS = { nameMax: 100, settingMax: 500, credentialMax: 8_192, tools: 50 } as const;

const providerId = z
  .string({ error: 'required' })
  .min(1, 'required')
  .max(100)
  .regex(/^[a-z0-9_]+$/, 'a provider id (see GET /v1/tools/integrations/providers)');
const toolNames = z.array(z.string().min(1).max(100), { error: 'an array of providerToolName' }).max(INTEGRATION_LIMITS.tools);
const settings = z.record(z.string().max(100), z.string().max(INTEGRATION_LIMITS.settingMax));

/** An API-key provider's credential (write-only; never answered). */
export const integrationCredentialsSchema = z
  .object({ apiKey: z.string().min(1, 'required').max(INTEGRATION_LIMITS.credentialMax) })
  .strict();

export const installIntegrationSchema = z
  .object({
    providerId,
    /** Shown in the dashboard; defaults to the provider's name. */
    name: z.string().trim().min(1).max(INTEGRATION_LIMITS.nameMax).optional(),
    settings: settings.default({}),
    /** Required by API-key providers; an OAuth provider is authorized afterwards (`oauth/start`). */
    credentials: integrationCredentialsSchema.optional(),
    /** The provider tools to install (`providerToolName`); all of them when absent. */
    tools: toolNames.optional(),
  })
  .strict();

export const updateIntegrationSchema = z
  .object({
    name: z.string().trim().min(1).max(INTEGRATION_LIMITS.nameMax).optional(),
    settings: settings.optional(),
    credentials: integrationCredentialsSchema.optional(),
  })
  .strict();

export const syncIntegrationToolsSchema = z.object({ tools: toolNames }).strict();

/** What the gateway forwards from `GET /hooks/integrations/oauth/callback`: the same query as an MCP server's callback. */
export const integrationOauthCallbackSchema = mcpOauthCallbackSchema;
export type IntegrationOauthCallback = McpOauthCallback;

/** The tools service's answer to a forwarded callback: what the page shown to the user says. */
export interface IntegrationOauthCallbackResult {
  ok: boolean;
  installationId: string | null;
  message: string;
}
