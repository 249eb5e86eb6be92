import { Module } from '@nestjs/common';
import { CampaignSendsModule } from '../campaign-sends/campaign-sends.module';
import { ChannelsModule } from '../channels/channels.module';
import { ChatModule } from '../chat/chat.module';
import { InboundModule } from '../inbound/inbound.module';
import { MediaModule } from '../media/media.module';
import { SeedModule } from '../seed/seed.module';
import { TurnsModule } from '../turns/turns.module';
import { UsageModule } from '../usage/usage.module';
import { CampaignSendsController } from './campaign-sends.controller';
import { ChannelsController } from './channels.controller';
import { ChatController } from './chat.controller';
import { InboundController } from './inbound.controller';
import { MediaController } from './media.controller';
import { SeedController } from './seed.controller';
import { TurnsController } from './turns.controller';
import { EvaluationUsageController } from './evaluation-usage.controller';

/**
 * Messaging's internal operations (`internalOperations.messaging`), the handlers serving other
 * services: the gateway (webhook verification, customer media), chat, the agent runtime (turns, evaluation usage),
 * campaigns and seed. One controller per caller's concern; the services stay in their feature folders.
 */
@Module({
  imports: [ChannelsModule, InboundModule, ChatModule, TurnsModule, SeedModule, CampaignSendsModule, UsageModule, MediaModule],
  controllers: [
    InboundController,
    ChannelsController,
    ChatController,
    TurnsController,
    SeedController,
    CampaignSendsController,
    EvaluationUsageController,
    MediaController,
  ],
})
export class InternalModule {}
