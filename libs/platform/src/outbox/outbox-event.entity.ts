import { defineEntity, p } from '@mikro-orm/core';

/**
 * A domain event waiting in the owning service's schema to be published: written in the
 * same transaction as the change it describes, published by the relay afterwards.
 */
const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p.text().primary(),
    type: p.text(),
    workspaceId: p.text(),
    occurredAt: p.datetime(),
    data: p.json<Record<string, unknown>>(),
    publishedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['publishedAt', 'id'], name: 'outbox_event_unpublished_index' }],
});

export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);
