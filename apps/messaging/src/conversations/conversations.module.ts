import { Module } from '@nestjs/common';
import { ConversationRepository } from './conversation.repository';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';

/** `/v1/conversations`, and the conversations (chat threads included) other features store into. */
@Module({
  controllers: [ConversationsController],
  providers: [ConversationRepository, ConversationsService],
  exports: [ConversationRepository],
})
export class ConversationsModule {}
