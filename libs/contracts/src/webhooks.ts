import { z } from 'zod';
import { EVENT_TYPES } from './events';

/**
 * The webhook-dispatcher's public operations (spec › Webhook, Endpoints › Webhooks, Events;
 * ARCHITECTURE.md › Events). Schemas validate only (no transforms): the same ones feed the
 * OpenAPI document.
 */
export const WebhookSubjects = {
  list: 'webhook-dispatcher.webhooks.list',
  create: 'webhook-dispatcher.webhooks.create',
  get: 'webhook-dispatcher.webhooks.get',
  update: 'webhook-dispatcher.webhooks.update',
  delete: 'webhook-dispatcher.webhooks.delete',
  deliveriesList: 'webhook-dispatcher.deliveries.list',
  deliveriesRetry: 'webhook-dispatcher.deliveries.retry',
} as const;

/** Header names the dispatcher sets itself (Standard Webhooks, HTTP framing): a webhook may not override them. */
export const RESERVED_WEBHOOK_HEADERS = [
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'user-agent',
] as const;

const eventName = z.string().refine((name) => (EVENT_TYPES as readonly string[]).includes(name), {
  error: (issue) => `unknown event "${String(issue.input)}"; known events: ${EVENT_TYPES.join(', ')}`,
});

const headerName = z
  .string()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'a valid HTTP header name')
  .refine(
    (name) => !(RESERVED_WEBHOOK_HEADERS as readonly string[]).includes(name.toLowerCase()),
    'is set by the dispatcher and cannot be overridden',
  );

const webhookFields = {
  name: z.string().max(100, 'at most 100 characters').regex(/\S/, 'must not be blank'),
  url: z
    .string()
    .max(500, 'at most 500 characters')
    .regex(/^https?:\/\//i, 'an http(s) URL')
    // Credentials in a URL end up in logs and delivery records: use `headers` for them.
    .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), 'must not carry credentials (user:pass@): send them in headers'),
  events: z.array(eventName).min(1, 'at least one event').max(EVENT_TYPES.length),
  active: z.boolean(),
  secret: z.string().min(1, 'must not be empty').max(255, 'at most 255 characters'),
  headers: z
    .record(
      headerName,
      z
        .string()
        .max(1000, 'at most 1000 characters')
        .regex(/^[^\r\n\0]*$/, 'no line breaks'),
    )
    .refine((headers) => Object.keys(headers).length <= 10, 'at most 10 custom headers'),
};

/** `POST /v1/webhooks`: `name`, `url`, `events` required; `active` (default true), `secret` (generated `whsec_…` when absent), `headers` optional. */
export const createWebhookRequestSchema = z.strictObject({
  name: webhookFields.name,
  url: webhookFields.url,
  events: webhookFields.events,
  active: webhookFields.active.optional(),
  secret: webhookFields.secret.optional(),
  headers: webhookFields.headers.optional(),
});
export type CreateWebhookRequest = z.output<typeof createWebhookRequestSchema>;

/** `PATCH /v1/webhooks/{id}`: any of the create fields; `headers` replaces the whole set. */
export const updateWebhookRequestSchema = z
  .strictObject({
    name: webhookFields.name.optional(),
    url: webhookFields.url.optional(),
    events: webhookFields.events.optional(),
    active: webhookFields.active.optional(),
    secret: webhookFields.secret.optional(),
    headers: webhookFields.headers.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');
export type UpdateWebhookRequest = z.output<typeof updateWebhookRequestSchema>;

/** The Webhook resource as the API shows it. */
export const webhookSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  secret: z.string(),
  headers: z.record(z.string(), z.string()),
  /** Why the dispatcher switched the webhook off (a 410, or a day of failures); null otherwise. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  creationDate: z.string(),
  lastUpdate: z.string(),
});
export type WebhookView = z.output<typeof webhookSchema>;

export const webhooksListResponseSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), webhooks: z.array(webhookSchema), webhooksCount: z.number().int() })),
});

export const webhookWriteResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ id: z.string(), workspaceId: z.string() }).loose(),
});

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** `GET /v1/webhooks/{id}/deliveries`: newest first. */
export const listDeliveriesQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, 'an integer')
    .refine((v) => Number(v) >= 1 && Number(v) <= 100, 'from 1 to 100')
    .optional(),
  offset: z
    .string()
    .regex(/^\d+$/, 'an integer')
    .refine((v) => Number(v) <= 100_000, 'at most 100000')
    .optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  workspace: z.string().optional(),
});

export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** The start of the receiver's answer (1 KiB at most), as text; null without one. */
  responseExcerpt: z.string().nullable(),
});

export const deliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(deliveryAttemptSchema),
});
export type DeliveryView = z.output<typeof deliverySchema>;

export const deliveriesListResponseSchema = z.object({
  webhookId: z.string(),
  workspaceId: z.string(),
  deliveries: z.array(deliverySchema),
  deliveriesCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
