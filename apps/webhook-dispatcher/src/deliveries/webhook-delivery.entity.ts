import { defineEntity, p } from '@mikro-orm/core';
import { Webhook } from '../webhooks/webhook.entity';
import { WebhookEvent } from './webhook-event.entity';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event owed to one webhook: recorded when the event is consumed (at most once per
 * webhook and event), then sent by the scheduler until it succeeds or its schedule ends.
 * `claimedUntil` is a sender's lease: a dispatcher that dies mid-attempt leaves it to expire.
 */
const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.text().primary(),
    webhook: () => p.manyToOne(Webhook).deleteRule('cascade'),
    event: () => p.manyToOne(WebhookEvent).deleteRule('cascade'),
    eventType: p.text(),
    status: p.text().$type<DeliveryStatus>(),
    attemptCount: p.integer().default(0),
    /** Failures in the current run of the retry schedule (a manual retry starts a new run). */
    retryIndex: p.integer().default(0),
    runStartedAt: p.datetime().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    claimedUntil: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ properties: ['webhook', 'event'], name: 'webhook_delivery_webhook_event_unique' }],
  indexes: [
    { properties: ['status', 'nextAttemptAt'], name: 'webhook_delivery_due_index' },
    { properties: ['webhook', 'createdAt'], name: 'webhook_delivery_webhook_index' },
  ],
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

/** One HTTP attempt of a delivery: when, the answer's status (null: no answer), how long, what went wrong, how the answer began. */
const DeliveryAttemptSchema = defineEntity({
  name: 'DeliveryAttempt',
  tableName: 'webhook_delivery_attempt',
  properties: {
    delivery: () => p.manyToOne(WebhookDelivery).deleteRule('cascade').primary(),
    attempt: p.integer().primary(),
    attemptedAt: p.datetime(),
    statusCode: p.integer().nullable(),
    durationMs: p.integer(),
    error: p.text().nullable(),
    responseExcerpt: p.text().nullable(),
  },
});
export class DeliveryAttempt extends DeliveryAttemptSchema.class {}
DeliveryAttemptSchema.setClass(DeliveryAttempt);
