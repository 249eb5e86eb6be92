import { z } from 'zod';
import { defineOperation, errorBodySchema, successEnvelope } from '../operation';
import { INSTALLATION_STATUSES, installIntegrationSchema, syncIntegrationToolsSchema, updateIntegrationSchema } from '../integrations';

/** A setting a provider asks for at install (the gallery's form). */
const providerSetting = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  required: z.boolean(),
  example: z.string().nullable(),
});

/** A tool a provider offers: the name it installs under and the JSON Schema the model sees. */
const providerTool = z.object({
  providerToolName: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

/** A first-party provider, as the gallery shows it. */
export const integrationProviderSchema = z
  .object({
    providerId: z.string(),
    name: z.string(),
    description: z.string(),
    /** A `data:` image URL (nothing loaded from a third party). */
    icon: z.string(),
    /** `api_key`: given at install (write-only); `oauth2`: authorized from the dashboard (authorization code with PKCE). */
    auth: z.enum(['api_key', 'oauth2']),
    /** False when the installation lacks the provider's OAuth client (its env variables are unset). */
    available: z.boolean(),
    settings: z.array(providerSetting),
    tools: z.array(providerTool),
  })
  .meta({ id: 'IntegrationProvider' });

/** A workspace's installation of a provider (credentials never shown). */
export const integrationInstallationSchema = z
  .object({
    installationId: z.string(),
    providerId: z.string(),
    name: z.string(),
    status: z.enum(INSTALLATION_STATUSES),
    auth: z.enum(['api_key', 'oauth2']),
    /** Whether credentials are stored (an API key given, or OAuth tokens obtained). */
    authorized: z.boolean(),
    /** When the OAuth access token expires (it is refreshed before); null for API keys. */
    authorizationExpiresAt: z.string().nullable(),
    settings: z.record(z.string(), z.string()),
    lastError: z.string().nullable(),
    installedCount: z.number().int(),
    tools: z.array(
      providerTool.extend({
        installed: z.boolean(),
        toolId: z.string().nullable(),
        name: z.string().nullable(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'IntegrationInstallation' });

const installation = successEnvelope(integrationInstallationSchema);
const notFound = { 404: errorBodySchema };

function integrationOperation<const O extends Omit<Parameters<typeof defineOperation>[0], 'scope' | 'workspace' | 'tag'>>(operation: O) {
  const read = operation.method === 'GET';
  return defineOperation({
    ...operation,
    tag: 'tools',
    scope: read ? 'read' : 'write',
    // As every /v1/tools operation: a multi-workspace credential names its workspace.
    workspace: 'one',
    description: `An addition to the spec (docs/tools.md › Integrations).${'description' in operation && operation.description ? ` ${operation.description}` : ''}`,
  } as O & { tag: string; scope: 'read' | 'write'; workspace: 'one' });
}

/** Installing first-party integrations (issue 55; docs/tools.md › Integrations): their tools join the catalog as kind `integration`. */
export const integrationOperations = {
  providers: integrationOperation({
    operationId: 'tools_integrations_providers',
    method: 'GET',
    path: '/v1/tools/integrations/providers',
    subject: 'tools.integrations.providers',
    summary: 'The first-party integrations a workspace can install (the gallery)',
    responses: { 200: z.object({ count: z.number().int(), providers: z.array(integrationProviderSchema) }) },
  }),
  list: integrationOperation({
    operationId: 'tools_integrations_list',
    method: 'GET',
    path: '/v1/tools/integrations',
    subject: 'tools.integrations.list',
    summary: "The workspace's installed integrations",
    responses: { 200: z.object({ count: z.number().int(), installations: z.array(integrationInstallationSchema) }) },
  }),
  install: integrationOperation({
    operationId: 'tools_integrations_install',
    method: 'POST',
    path: '/v1/tools/integrations',
    subject: 'tools.integrations.install',
    summary: "Install a provider with its settings (and an API key provider's key); its tools join the catalog as kind integration",
    description: 'An OAuth provider is saved as `authorization_required` with no tools published until `oauth/start` and consent.',
    body: installIntegrationSchema,
    responses: { 201: installation, 400: errorBodySchema, 422: errorBodySchema },
  }),
  get: integrationOperation({
    operationId: 'tools_integrations_get',
    method: 'GET',
    path: '/v1/tools/integrations/{installationId}',
    subject: 'tools.integrations.get',
    summary: 'Get an installation with its tools',
    responses: { 200: integrationInstallationSchema, ...notFound },
  }),
  update: integrationOperation({
    operationId: 'tools_integrations_update',
    method: 'PATCH',
    path: '/v1/tools/integrations/{installationId}',
    subject: 'tools.integrations.update',
    summary: "Change an installation's name, settings or API key (write-only)",
    body: updateIntegrationSchema,
    responses: { 200: installation, 400: errorBodySchema, ...notFound, 422: errorBodySchema },
  }),
  oauthStart: integrationOperation({
    operationId: 'tools_integrations_oauth_start',
    method: 'POST',
    path: '/v1/tools/integrations/{installationId}/oauth/start',
    subject: 'tools.integrations.oauthStart',
    summary: 'Start (or restart) OAuth authorization of an installation: open authorizationUrl in a browser',
    responses: {
      200: z.object({ installationId: z.string(), authorizationUrl: z.string(), redirectUri: z.string() }),
      ...notFound,
      409: errorBodySchema,
      422: errorBodySchema,
    },
  }),
  sync: integrationOperation({
    operationId: 'tools_integrations_sync',
    method: 'POST',
    path: '/v1/tools/integrations/{installationId}/tools/sync',
    subject: 'tools.integrations.sync',
    summary: "Choose which of the provider's tools stay installed (by providerToolName); agent connections of removed ones go",
    body: syncIntegrationToolsSchema,
    responses: {
      200: successEnvelope(
        integrationInstallationSchema.extend({
          installed: z.array(z.string()),
          uninstalled: z.array(z.string()),
          removedAgentConnections: z.number().int(),
        }),
      ),
      400: errorBodySchema,
      ...notFound,
    },
  }),
  pause: integrationOperation({
    operationId: 'tools_integrations_pause',
    method: 'POST',
    path: '/v1/tools/integrations/{installationId}/pause',
    subject: 'tools.integrations.pause',
    summary: 'Withdraw an installation’s tools from the catalog (settings, credentials and agent connections kept)',
    responses: { 200: installation, ...notFound },
  }),
  resume: integrationOperation({
    operationId: 'tools_integrations_resume',
    method: 'POST',
    path: '/v1/tools/integrations/{installationId}/resume',
    subject: 'tools.integrations.resume',
    summary: 'Publish a paused installation’s tools again',
    responses: { 200: installation, ...notFound, 409: errorBodySchema },
  }),
  uninstall: integrationOperation({
    operationId: 'tools_integrations_uninstall',
    method: 'DELETE',
    path: '/v1/tools/integrations/{installationId}',
    subject: 'tools.integrations.uninstall',
    summary: 'Uninstall: the installation, its credentials, its catalog tools and their agent connections are removed',
    responses: {
      200: successEnvelope(
        z.object({ installationId: z.string(), removedTools: z.number().int(), removedAgentConnections: z.number().int() }),
      ),
      ...notFound,
    },
  }),
};
