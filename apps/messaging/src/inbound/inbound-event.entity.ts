import { defineEntity, p } from '@mikro-orm/core';

/**
 * A verified Meta webhook delivery, stored before Meta gets its answer and processed after:
 * rows still unprocessed (a crash, a failure) are picked up again, so no delivery is lost.
 */
const InboundEventSchema = defineEntity({
  name: 'InboundEvent',
  tableName: 'inbound_event',
  properties: {
    id: p.text().primary(),
    /** The channels whose app secret verified the signature (the payload's other entries are ignored). */
    channelIds: p.json<string[]>(),
    payload: p.json<Record<string, unknown>>(),
    receivedAt: p.datetime(),
    processedAt: p.datetime().nullable(),
    attempts: p.integer(),
    lastError: p.text().nullable(),
  },
  indexes: [{ properties: ['processedAt', 'receivedAt'], name: 'inbound_event_pending_index' }],
});
export class InboundEvent extends InboundEventSchema.class {}
InboundEventSchema.setClass(InboundEvent);
