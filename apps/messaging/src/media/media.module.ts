import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { GraphModule } from '../graph/graph.module';
import { MessagesModule } from '../messages/messages.module';
import { MessageMediaService } from './message-media.service';

/** Customer media for the gateway's media route: a stored message's media, read through Graph. */
@Module({
  imports: [ChannelsModule, MessagesModule, GraphModule, MessagingConfigModule],
  providers: [MessageMediaService],
  exports: [MessageMediaService],
})
export class MediaModule {}
