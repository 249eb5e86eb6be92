import { Module } from '@nestjs/common';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { ChannelRepository } from './channel.repository';
import { ChannelSecretBox } from './channel-secrets';
import { ChannelsController } from '../internal/channels.controller';
import { ChannelsService } from './channels.service';

/** Channels and their sealed secrets (seeded; no public endpoint of their own yet; other services describe them). */
@Module({
  imports: [MessagingConfigModule],
  controllers: [ChannelsController],
  providers: [ChannelSecretBox, ChannelRepository, ChannelsService],
  exports: [ChannelSecretBox, ChannelRepository],
})
export class ChannelsModule {}
