import { Module } from '@nestjs/common';
import { CampaignRepository } from './campaigns/campaign.repository';
import { SeedController } from './seed/seed.controller';

@Module({
  controllers: [SeedController],
  providers: [CampaignRepository],
})
export class CampaignsModule {}
