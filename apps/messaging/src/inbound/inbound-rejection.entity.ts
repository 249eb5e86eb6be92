import { defineEntity, p } from '@mikro-orm/core';

/**
 * A verified Meta delivery that can never be stored as an InboundEvent (text PostgreSQL
 * refuses, nesting past the bound): Meta got a 2xx so that it stops redelivering it, and
 * it is kept here, as received, with the reason, for inspection.
 */
const InboundRejectionSchema = defineEntity({
  name: 'InboundRejection',
  tableName: 'inbound_rejection',
  properties: {
    id: p.text().primary(),
    channelIds: p.json<string[]>(),
    /** The body as received, base64 of its UTF-8 bytes (it may hold what a text column refuses). */
    rawBase64: p.text(),
    reason: p.text(),
    receivedAt: p.datetime(),
  },
  indexes: [{ properties: ['receivedAt'], name: 'inbound_rejection_received_at_index' }],
});
export class InboundRejection extends InboundRejectionSchema.class {}
InboundRejectionSchema.setClass(InboundRejection);
