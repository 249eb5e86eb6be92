import { defineEntity, p } from '@mikro-orm/core';

/** A domain event taken from the stream, kept once with the exact body every delivery of it sends. */
const WebhookEventSchema = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_event',
  properties: {
    id: p.text().primary(),
    type: p.text(),
    workspaceId: p.text(),
    /** The event envelope `{id, type, workspaceId, occurredAt, data}` as sent (and signed). */
    body: p.text(),
    occurredAt: p.datetime(),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
});
export class WebhookEvent extends WebhookEventSchema.class {}
WebhookEventSchema.setClass(WebhookEvent);
