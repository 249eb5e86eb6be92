import { defineEntity, p } from '@mikro-orm/core';
import type { InstallationStatus, TestOutcome } from '@platica/contracts';
import { turnCallProperties } from '../shared/turn-call.entity';

/**
 * A workspace's installation of a first-party provider (docs/tools.md › Integrations). Which of
 * the provider's tools are installed is what the catalog holds (rows with this
 * `installationId`). The API key or the OAuth tokens (and an authorization under way) are
 * write-only: sealed in `secretsSealed` (encrypted at rest); `authorized` says whether any are stored.
 */
const IntegrationInstallationSchema = defineEntity({
  name: 'IntegrationInstallation',
  tableName: 'integration_installation',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    providerId: p.text(),
    name: p.text(),
    status: p.text().$type<InstallationStatus>(),
    settings: p.json<Record<string, string>>(),
    secretsSealed: p.text(),
    authorized: p.boolean(),
    /** When the OAuth access token expires (it is refreshed a minute before). */
    authorizationExpiresAt: p.datetime().nullable(),
    /** SHA-256 of the `state` of an OAuth authorization under way (the callback finds the installation by it). */
    oauthStateHash: p.text().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [
    { properties: ['workspaceId', 'createdAt'], name: 'integration_installation_workspace_index' },
    { properties: ['oauthStateHash'], name: 'integration_installation_oauth_state_index' },
  ],
});
export class IntegrationInstallation extends IntegrationInstallationSchema.class {}
IntegrationInstallationSchema.setClass(IntegrationInstallation);

/** One call of an integration's tool in a turn: the integration log, as custom APIs' runs. */
const IntegrationRunSchema = defineEntity({
  name: 'IntegrationRun',
  tableName: 'integration_run',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    installationId: p.text(),
    providerToolName: p.text(),
    outcome: p.text().$type<TestOutcome>(),
    httpStatus: p.integer().nullable(),
    durationMs: p.integer(),
    /** The provider's requests, method and URL (credentials travel in headers, never in URLs). */
    requests: p.json<{ method: string; url: string; status: number | null }[]>(),
    error: p.text().nullable(),
    ...turnCallProperties,
  },
  indexes: [
    { properties: ['installationId', 'createdAt'], name: 'integration_run_installation_index' },
    { properties: ['workspaceId', 'conversationId', 'createdAt'], name: 'integration_run_conversation_index' },
  ],
});
export class IntegrationRun extends IntegrationRunSchema.class {}
IntegrationRunSchema.setClass(IntegrationRun);
