import { runService } from '@platica/platform';
import { CampaignsModule } from './campaigns.module';
import { campaignsDatabase } from './database';

void runService({ name: 'campaigns', defaultPort: 8085, rootModule: CampaignsModule, database: campaignsDatabase });
