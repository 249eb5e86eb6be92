import { Module } from '@nestjs/common';
import { CampaignsConfigService } from './campaigns.config';
import { CampaignRepository } from './campaigns/campaign.repository';
import { CampaignListsService } from './campaigns/campaign-lists.service';
import { CampaignsController } from './campaigns/campaigns.controller';
import { CampaignPageTokens } from './page-tokens';
import { CampaignsService } from './campaigns/campaigns.service';
import { CampaignRunActivitiesFactory } from './runs/campaign-run.activities';
import { CampaignRunRepository } from './runs/campaign-run.repository';
import { CampaignRunWorkflows } from './runs/campaign-run.workflows';
import { SeedController } from './seed/seed.controller';
import { SeedService } from './seed/seed.service';

@Module({
  controllers: [CampaignsController, SeedController],
  providers: [
    SeedService,
    CampaignsConfigService,
    CampaignRepository,
    CampaignsService,
    CampaignListsService,
    CampaignPageTokens,
    CampaignRunRepository,
    CampaignRunWorkflows,
    CampaignRunActivitiesFactory,
  ],
})
export class CampaignsModule {}
