import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { MessagingModule } from './messaging.module';
import { messagingConfigSchema } from './config/messaging.config';
import { messagingDatabase } from './database';
import { ConversationExpiryActivitiesFactory } from './expiry/conversation-expiry.activities';
import { InboundQueue } from './inbound/inbound-queue';
import { InboundSubscriber } from './inbound/inbound-subscriber';
import { UnconfirmedSends } from './messages/unconfirmed-sends';
import { ScheduledMessageActivitiesFactory } from './scheduled-dispatch/scheduled-message.activities';

void runService({
  name: 'messaging',
  defaultPort: 8081,
  rootModule: MessagingModule,
  database: messagingDatabase,
  configSchema: messagingConfigSchema,
  publishesEvents: true,
  worker: async (app, { config }) => {
    const scheduled = app.get(ScheduledMessageActivitiesFactory);
    const expiry = app.get(ConversationExpiryActivitiesFactory);
    const part = await startTemporalWorker(config.values, {
      service: 'messaging',
      activities: { ...diagnosticsActivities('messaging'), ...scheduled.activities(), ...expiry.activities() },
      workflows: workflowSource(),
    });
    // The scheduled-sends dispatch returns before the worker drains, so the next window starts on a live worker.
    return {
      ...part,
      stop: async () => {
        scheduled.stop();
        await part.stop();
      },
    };
  },
  background: async (app) => {
    // Meta webhooks stored but not processed yet (a crash, a failure) are taken up by its sweep.
    const inbound = app.get(InboundQueue);
    inbound.start();
    const deliveries = app.get(InboundSubscriber);
    deliveries.start();
    // API sends left `sending` by a process that died while Graph held them.
    const unconfirmed = app.get(UnconfirmedSends);
    unconfirmed.start();
    // Stopped in reverse (and before the worker): no new deliveries first, then the processing of those stored.
    return [unconfirmed, inbound, deliveries];
  },
});
