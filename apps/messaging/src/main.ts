import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/activities';
import { messagingConfigSchema } from './config/messaging.config';
import { messagingDatabase } from './database';
import { InboundQueue } from './inbound/inbound-queue';
import { InboundSubscriber } from './inbound/inbound-subscriber';
import { MessagingModule } from './messaging.module';
import { ScheduledMessageActivitiesFactory } from './scheduled/scheduled-message.activities';

void runService({
  name: 'messaging',
  defaultPort: 8081,
  rootModule: MessagingModule,
  database: messagingDatabase,
  configSchema: messagingConfigSchema,
  publishesEvents: true,
  background: async (app, { config, readiness }) => {
    const scheduled = app.get(ScheduledMessageActivitiesFactory);
    const worker = await startTemporalWorker(config.values, {
      service: 'messaging',
      activities: { ...diagnosticsActivities('messaging'), ...scheduled.activities() },
      workflows: workflowSource(),
    });
    const dispatch = { stop: async () => scheduled.stop() };
    readiness.register('temporal', async () => {
      if (worker.worker.getState() !== 'RUNNING') throw new Error(`worker is ${worker.worker.getState()}`);
    });
    // Meta webhooks stored but not processed yet (a crash, a failure) are taken up by its sweep.
    const inbound = app.get(InboundQueue);
    inbound.start();
    const deliveries = app.get(InboundSubscriber);
    deliveries.start();
    // Stopped in reverse: no new deliveries first, then the processing of those stored; the
    // dispatch returns before the worker drains, so the next window starts on a live worker.
    return [worker, dispatch, inbound, deliveries];
  },
});
