import { Injectable } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import type { ConversationExpiryActivities } from '@platica/workflows/activities';
import { MessagingConfigService } from '../config/messaging.config';
import { ConversationExpiryService } from './conversation-expiry.service';

/** The activities of the conversation-expiry workflow. */
@Injectable()
export class ConversationExpiryActivitiesFactory {
  constructor(
    private readonly expiry: ConversationExpiryService,
    private readonly config: MessagingConfigService,
  ) {}

  activities(): ConversationExpiryActivities {
    return {
      expireConversations: async () => ({
        expired: await this.expiry.sweep(new Date(), () => Context.current().heartbeat()),
        nextSweepInMs: this.config.values.PLATICA_EXPIRY_SWEEP_INTERVAL_MS,
      }),
    };
  }
}
