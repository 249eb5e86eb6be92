import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

export const messagingConfigSchema = baseConfigSchema.extend({
  /** Meta's Graph API (WhatsApp Cloud API, Messenger and Instagram Send API); tests point it at a fake. */
  META_GRAPH_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  /** How long one Graph API call may take before the send fails with 502. */
  META_GRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * How long a scheduled send whose attempt was interrupted (its claim expired) waits for Meta's
   * status webhook to say Graph took it, before it is sent again (scheduled-send.executor.ts).
   */
  SCHEDULED_CONFIRMATION_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /**
   * How long an API send may stay `sending` (its process died while Graph held it) before it is
   * marked failed, `unconfirmed`, if Meta's status webhook has not named it (messages/unconfirmed-sends.ts).
   */
  UNCONFIRMED_SEND_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** How long a chat thread (`api_chat`) stays `active` with nothing written to it before it becomes `expired` (expiry/). */
  PLATICA_CHAT_IDLE_EXPIRY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(90 * 86_400_000)
    .default(86_400_000),
  /**
   * How long any conversation must have been untouched before it may expire: a turn asked for
   * by its latest write is on its way to the agent runtime meanwhile (expiry/expiry-rule.ts).
   */
  PLATICA_EXPIRY_QUIET_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** How often the expiry sweep looks for conversations to expire. */
  PLATICA_EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
});

export type MessagingConfig = z.output<typeof messagingConfigSchema>;

/** The messaging service's validated configuration, injectable. */
@Injectable()
export class MessagingConfigService {
  constructor(readonly values: MessagingConfig) {}
}
