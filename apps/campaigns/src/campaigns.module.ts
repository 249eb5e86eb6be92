import { Module } from '@nestjs/common';
import { CampaignRepository } from './campaigns/campaign.repository';
import { CampaignsController } from './campaigns/campaigns.controller';
import { SeedController } from './seed/seed.controller';

@Module({
  controllers: [CampaignsController, SeedController],
  providers: [CampaignRepository],
})
export class CampaignsModule {}
