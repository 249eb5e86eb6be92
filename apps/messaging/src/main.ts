import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/activities';
import { AppModule } from './app.module';
import { messagingConfigSchema } from './config/messaging.config';
import { messagingDatabase } from './database';
import { InboundQueue } from './inbound/inbound-queue';
import { InboundSubscriber } from './inbound/inbound-subscriber';
import { ScheduledMessageActivitiesFactory } from './scheduled/scheduled-message.activities';

void runService({
  name: 'messaging',
  defaultPort: 8081,
  rootModule: AppModule,
  database: messagingDatabase,
  configSchema: messagingConfigSchema,
  publishesEvents: true,
  background: async (app, { config, readiness }) => {
    const worker = await startTemporalWorker(config.values, {
      service: 'messaging',
      activities: { ...diagnosticsActivities('messaging'), ...app.get(ScheduledMessageActivitiesFactory).activities() },
      workflows: workflowSource(),
    });
    readiness.register('temporal', async () => {
      if (worker.worker.getState() !== 'RUNNING') throw new Error(`worker is ${worker.worker.getState()}`);
    });
    // Meta webhooks stored but not processed yet (a crash, a failure) are taken up by its sweep.
    const inbound = app.get(InboundQueue);
    inbound.start();
    const deliveries = app.get(InboundSubscriber);
    deliveries.start();
    // Stopped in reverse: no new deliveries first, then the processing of those stored.
    return [worker, inbound, deliveries];
  },
});
