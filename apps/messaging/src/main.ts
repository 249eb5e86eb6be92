import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/activities';
import { messagingDatabase } from './database';
import { MessagingModule } from './messaging.module';

void runService({
  name: 'messaging',
  defaultPort: 8081,
  rootModule: MessagingModule,
  database: messagingDatabase,
  publishesEvents: true,
  background: async (_app, { config, readiness }) => {
    const worker = await startTemporalWorker(config.values, {
      service: 'messaging',
      activities: diagnosticsActivities('messaging'),
      workflows: workflowSource(),
    });
    readiness.register('temporal', async () => {
      if (worker.worker.getState() !== 'RUNNING') throw new Error(`worker is ${worker.worker.getState()}`);
    });
    return [worker];
  },
});
