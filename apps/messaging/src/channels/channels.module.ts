import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { ChannelRepository } from './channel.repository';
import { ChannelSecretBox } from './channel-secrets';

/** Channels and their sealed secrets (seeded; no public endpoint of their own yet). */
@Module({
  imports: [MessagingConfigModule],
  providers: [ChannelSecretBox, ChannelRepository],
  exports: [ChannelSecretBox, ChannelRepository],
})
export class ChannelsModule {}
