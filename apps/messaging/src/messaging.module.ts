import { Module } from '@nestjs/common';
import { ChannelRepository } from './channels/channel.repository';
import { SeedController } from './seed/seed.controller';

@Module({
  controllers: [SeedController],
  providers: [ChannelRepository],
})
export class MessagingModule {}
