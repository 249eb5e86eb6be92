import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

export const chatConfigSchema = baseConfigSchema.extend({
  /**
   * How long a synchronous chat turn may take (its model calls and retries included) before
   * the request answers 504; the turn itself still completes and shows in the chat.
   */
  PLATICA_CHAT_TURN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(110_000),
  /**
   * How long a synchronous chat turn's start may take the agents service (it starts the turn where
   * its worker runs; milliseconds when well). Past it the chat service starts the turn through
   * Temporal itself, and the agents service refuses the late request (docs/agents.md › The time limit).
   */
  PLATICA_CHAT_START_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
});

export type ChatConfig = z.output<typeof chatConfigSchema>;

@Injectable()
export class ChatConfigService {
  constructor(readonly values: ChatConfig) {}
}
