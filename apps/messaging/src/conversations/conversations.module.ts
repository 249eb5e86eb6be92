import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { ConversationRepository } from './conversation.repository';
import { ConversationsController } from './conversations.controller';
import { SearchRepository } from '../search/search.repository';
import { ConversationsService } from './conversations.service';
import { PageTokens } from '../paging/page-token';
import { Takeovers } from './takeovers';
import { AssignmentController } from './assignment.controller';
import { AssignmentSettingRepository } from './assignment-setting.repository';
import { Assignments } from './assignments';
import { ConversationReadingController } from './conversation-reading.controller';
import { ConversationReadingRepository } from './conversation-reading.repository';
import { ConversationReading } from './conversation-reading.service';

/** `/v1/conversations`, and the conversations (chat threads included) other features store into. */
@Module({
  imports: [ClientsModule],
  controllers: [ConversationsController, AssignmentController, ConversationReadingController],
  providers: [
    ConversationRepository,
    SearchRepository,
    ConversationsService,
    PageTokens,
    Takeovers,
    AssignmentSettingRepository,
    Assignments,
    ConversationReadingRepository,
    ConversationReading,
  ],
  exports: [ConversationRepository, PageTokens, Takeovers, Assignments],
})
export class ConversationsModule {}
