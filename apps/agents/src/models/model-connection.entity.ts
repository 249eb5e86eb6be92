import { defineEntity, p } from '@mikro-orm/core';
import type { ModelOffer, ModelProvider } from '@platica/contracts';

/**
 * A workspace's connection to a model provider (docs/agents.md › Models and fallback): its
 * base URL, its credential sealed with the origin it was saved for (sent nowhere else), the
 * models it offers with their prices.
 */
const ModelConnectionSchema = defineEntity({
  name: 'ModelConnection',
  tableName: 'model_connection',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    provider: p.text().$type<ModelProvider>(),
    /** Null: the provider's public API (Anthropic, Google). */
    baseUrl: p.text().nullable(),
    credentialSealed: p.text().nullable(),
    /** The origin the credential was saved for: it is sent to no other. */
    credentialOrigin: p.text().nullable(),
    models: p.json<ModelOffer[]>(),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name'], name: 'model_connection_workspace_name_unique' }],
});
export class ModelConnection extends ModelConnectionSchema.class {}
ModelConnectionSchema.setClass(ModelConnection);

/**
 * A connection's circuit breaker (docs/agents.md › Circuit breaker), shared by every replica:
 * its provider failures in a row, and until when calls skip it.
 */
const ModelBreakerSchema = defineEntity({
  name: 'ModelBreaker',
  tableName: 'model_breaker',
  properties: {
    /** The connection's id, or `installation` for the `LLM_*` connection. */
    connectionKey: p.text().primary(),
    failures: p.integer(),
    openUntil: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
export class ModelBreaker extends ModelBreakerSchema.class {}
ModelBreakerSchema.setClass(ModelBreaker);
