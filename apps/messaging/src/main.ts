import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
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
  worker: (app, { config }) =>
    startTemporalWorker(config.values, {
      service: 'messaging',
      activities: { ...diagnosticsActivities('messaging'), ...app.get(ScheduledMessageActivitiesFactory).activities() },
      workflows: workflowSource(),
    }),
  background: async (app) => {
    // Meta webhooks stored but not processed yet (a crash, a failure) are taken up by its sweep.
    const inbound = app.get(InboundQueue);
    inbound.start();
    const deliveries = app.get(InboundSubscriber);
    deliveries.start();
    // Stopped in reverse (and before the worker): no new deliveries first, then the processing of those stored.
    return [inbound, deliveries];
  },
});
