import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { MetaGraphAdapter } from './meta-graph.adapter';
import { WhatsAppMedia } from './whatsapp-media';

/** Meta's Graph API, the one way out to WhatsApp, Messenger and Instagram. */
@Module({
  imports: [MessagingConfigModule],
  providers: [MetaGraphAdapter, WhatsAppMedia],
  exports: [MetaGraphAdapter, WhatsAppMedia],
})
export class GraphModule {}
