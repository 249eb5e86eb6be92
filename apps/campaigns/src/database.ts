import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { campaignsMigrations } from '../migrations';
import { Campaign } from './campaigns/campaign.entity';
import { CampaignContact, CampaignRecipient, CampaignRun } from './runs/campaign-run.entity';

export const campaignsDatabase: DatabaseDefinition = {
  schema: 'campaigns',
  entities: [OutboxEvent, Campaign, CampaignRun, CampaignRecipient, CampaignContact],
  migrations: campaignsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/campaigns/migrations'),
};
