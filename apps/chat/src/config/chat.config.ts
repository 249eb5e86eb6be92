import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

export const chatConfigSchema = baseConfigSchema.extend({
  /**
   * How long a synchronous chat turn may take (its model calls and retries included) before
   * the request answers 504; the turn itself still completes and shows in the chat.
   */
  PLATICA_CHAT_TURN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(110_000),
});

export type ChatConfig = z.output<typeof chatConfigSchema>;

@Injectable()
export class ChatConfigService {
  constructor(readonly values: ChatConfig) {}
}
