import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { ScheduledModule } from '../scheduled/scheduled.module';
import { TemplatesModule } from '../templates/templates.module';
import { CampaignDeliveryRepository } from './campaign-delivery.repository';
import { CampaignSendsService } from './campaign-sends.service';

/** Campaign runs' sends (issue 16), asked by the campaigns service. */
@Module({
  imports: [UsageModule, ChannelsModule, TemplatesModule, MessagesModule, ScheduledModule],
  providers: [CampaignDeliveryRepository, CampaignSendsService],
  exports: [CampaignSendsService],
})
export class CampaignSendsModule {}
