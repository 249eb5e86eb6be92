import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { InboundBatchRepository } from './inbound-batch.repository';
import { InboundEventRepository } from './inbound-event.repository';
import { InboundQueue } from './inbound-queue';
import { InboundService } from './inbound.service';
import { InboundStore } from './inbound-store';
import { InboundSubscriber } from './inbound-subscriber';

/** Meta's webhooks: verification, the signed deliveries' intake, and their processing (started by main.ts). */
@Module({
  imports: [ChannelsModule, MessagesModule],
  providers: [InboundEventRepository, InboundBatchRepository, InboundStore, InboundQueue, InboundService, InboundSubscriber],
  exports: [InboundQueue, InboundSubscriber, InboundService, InboundEventRepository],
})
export class InboundModule {}
