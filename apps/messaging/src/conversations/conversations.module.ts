import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { ConversationRepository } from './conversation.repository';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { PageTokens } from '../paging/page-token';
import { Takeovers } from './takeovers';
import { AssignmentController } from './assignment.controller';
import { AssignmentSettingRepository } from './assignment-setting.repository';
import { Assignments } from './assignments';

/** `/v1/conversations`, and the conversations (chat threads included) other features store into. */
@Module({
  imports: [ClientsModule],
  controllers: [ConversationsController, AssignmentController],
  providers: [ConversationRepository, ConversationsService, PageTokens, Takeovers, AssignmentSettingRepository, Assignments],
  exports: [ConversationRepository, PageTokens, Takeovers, Assignments],
})
export class ConversationsModule {}
