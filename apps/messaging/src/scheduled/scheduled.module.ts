import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { DueSoon } from './due-soon';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { ScheduledMessagesController } from './scheduled-messages.controller';
import { ScheduledMessagesService } from './scheduled-messages.service';
import { ScheduledWorkflows } from './scheduled.workflows';

/** `/v1/messages/scheduled` and the scheduling of delayed sends (their dispatch and activities: scheduled-dispatch/, in MessagingModule). */
@Module({
  imports: [ConversationsModule],
  controllers: [ScheduledMessagesController],
  providers: [ScheduledMessageRepository, ScheduledWorkflows, ScheduledMessagesService, DueSoon],
  exports: [ScheduledMessageRepository, ScheduledMessagesService, DueSoon],
})
export class ScheduledModule {}
