import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { campaignsMigrations } from '../migrations';
import { Campaign } from './campaigns/campaign.entity';

export const campaignsDatabase: DatabaseDefinition = {
  schema: 'campaigns',
  entities: [OutboxEvent, Campaign],
  migrations: campaignsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/campaigns/migrations'),
};
