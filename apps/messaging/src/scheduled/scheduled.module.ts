import { Module } from '@nestjs/common';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { ScheduledMessagesController } from './scheduled-messages.controller';
import { ScheduledMessagesService } from './scheduled-messages.service';
import { ScheduledWorkflows } from './scheduled-workflows';

/** `/v1/scheduled-messages` and the scheduling of delayed sends (their workflow's activities: AppModule). */
@Module({
  controllers: [ScheduledMessagesController],
  providers: [ScheduledMessageRepository, ScheduledWorkflows, ScheduledMessagesService],
  exports: [ScheduledMessageRepository, ScheduledMessagesService],
})
export class ScheduledModule {}
