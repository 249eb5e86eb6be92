import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

export const webhookDispatcherConfigSchema = baseConfigSchema.extend({
  /** Multiplies the retry schedule's delays (ARCHITECTURE.md): 1 in production, e.g. 0.001 in tests. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  /** How long one delivery attempt may take (connect, answer and body) before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Attempts in flight at once in this process, over all webhooks. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(2_000).default(128),
  /** Attempts in flight at once to one webhook: a slow receiver holds at most these slots. */
  WEBHOOK_CONCURRENCY_PER_WEBHOOK: z.coerce.number().int().min(1).max(200).default(16),
  /** How often the scheduler looks for due retries when nothing wakes it (other replicas' work, leases that expired). */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
});

export type WebhookDispatcherConfig = z.output<typeof webhookDispatcherConfigSchema>;

/** The webhook-dispatcher's validated configuration, injectable. */
@Injectable()
export class WebhookDispatcherConfigService {
  constructor(readonly values: WebhookDispatcherConfig) {}
}
