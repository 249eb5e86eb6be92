import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { ConversationRepository } from './conversation.repository';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { PageTokens } from '../paging/page-token';
import { Takeovers } from './takeovers';

/** `/v1/conversations`, and the conversations (chat threads included) other features store into. */
@Module({
  imports: [ClientsModule],
  controllers: [ConversationsController],
  providers: [ConversationRepository, ConversationsService, PageTokens, Takeovers],
  exports: [ConversationRepository, PageTokens, Takeovers],
})
export class ConversationsModule {}
