import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { ChannelRepository } from './channel.repository';
import { ChannelSecretBox } from './channel-secrets';
import { ChannelsService } from './channels.service';

/** Channels and their sealed secrets (seeded; no public endpoint of their own yet; other services describe them). */
@Module({
  imports: [MessagingConfigModule],
  providers: [ChannelSecretBox, ChannelRepository, ChannelsService],
  exports: [ChannelSecretBox, ChannelRepository, ChannelsService],
})
export class ChannelsModule {}
