import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { campaignsConfigSchema } from './campaigns.config';
import { CampaignsModule } from './campaigns.module';
import { campaignsDatabase } from './database';
import { CampaignRunActivitiesFactory } from './runs/campaign-run.activities';

void runService({
  name: 'campaigns',
  defaultPort: 8085,
  rootModule: CampaignsModule,
  database: campaignsDatabase,
  configSchema: campaignsConfigSchema,
  worker: async (app, { config }) => {
    const runs = app.get(CampaignRunActivitiesFactory);
    const part = await startTemporalWorker(config.values, {
      service: 'campaigns',
      activities: { ...diagnosticsActivities('campaigns'), ...runs.activities() },
      workflows: workflowSource(),
    });
    return {
      ...part,
      stop: async () => {
        runs.stop();
        await part.stop();
      },
    };
  },
});
