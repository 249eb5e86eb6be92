import { defineEntity, p } from '@mikro-orm/core';

/**
 * A workspace's subscription to domain events (spec › Webhook). The secret and the custom
 * header values are sealed with PLATICA_ENCRYPTION_KEY (ARCHITECTURE.md: secrets encrypted
 * at rest); `failingSince` is when its deliveries started failing without a success since.
 */
const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhook',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    url: p.text(),
    events: p.json<string[]>(),
    active: p.boolean(),
    secretSealed: p.text(),
    /** The custom headers as one sealed JSON object. */
    headersSealed: p.text(),
    disabledReason: p.text().nullable(),
    disabledAt: p.datetime().nullable(),
    failingSince: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['workspaceId', 'createdAt'], name: 'webhook_workspace_index' }],
});
export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);
