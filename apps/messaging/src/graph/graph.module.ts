import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { MetaGraphAdapter } from './meta-graph.adapter';

/** Meta's Graph API, the one way out to WhatsApp, Messenger and Instagram. */
@Module({
  imports: [MessagingConfigModule],
  providers: [MetaGraphAdapter],
  exports: [MetaGraphAdapter],
})
export class GraphModule {}
