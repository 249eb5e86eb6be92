import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { ConversationExpiryActivitiesFactory } from './conversation-expiry.activities';
import { ConversationExpiryRepository } from './conversation-expiry.repository';
import { ConversationExpiryService } from './conversation-expiry.service';
import { ExpiryWorkflows } from './expiry.workflows';

/** Conversations and chat threads becoming `expired`: the sweep, its rule and its durable clock (a Temporal workflow). */
@Module({
  imports: [MessagingConfigModule],
  providers: [ConversationExpiryRepository, ConversationExpiryService, ExpiryWorkflows, ConversationExpiryActivitiesFactory],
  exports: [ConversationExpiryActivitiesFactory],
})
export class ExpiryModule {}
