import { EventSubscription, runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { agentsConfigSchema } from './config/agents.config';
import { agentsDatabase } from './database';
import { AgentsModule } from './agents.module';
import { TurnActivitiesFactory } from './runtime/turn.activities';
import { TURN_REQUESTS_CONSUMER, TurnRequests } from './runtime/turn-requests';

void runService({
  name: 'agents',
  defaultPort: 8083,
  rootModule: AgentsModule,
  database: agentsDatabase,
  configSchema: agentsConfigSchema,
  background: async (app, { config, nats, readiness }) => {
    const worker = await startTemporalWorker(config.values, {
      service: 'agents',
      activities: { ...diagnosticsActivities('agents'), ...app.get(TurnActivitiesFactory).activities() },
      workflows: workflowSource(),
    });
    readiness.register('temporal', async () => {
      if (worker.worker.getState() !== 'RUNNING') throw new Error(`worker is ${worker.worker.getState()}`);
    });
    // Customers' messages and `resume` instructions, recorded by messaging, become turns here.
    const turnRequests = app.get(TurnRequests);
    const subscription = new EventSubscription(
      nats.connection,
      {
        durableName: TURN_REQUESTS_CONSUMER,
        type: 'agent.turn.requested',
        streamName: config.values.PLATICA_EVENTS_STREAM,
        natsPrefix: config.values.PLATICA_NATS_PREFIX,
        concurrency: 32,
      },
      (event) => turnRequests.handle(event),
    );
    await subscription.start();
    readiness.register('turn-requests', async () => {
      const problem = subscription.problem();
      if (problem) throw new Error(problem);
    });
    // Stopped in reverse: no new turn requests first, then the worker finishes the running turns.
    return [worker, subscription];
  },
});
