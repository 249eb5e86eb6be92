import { EventSubscription, runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { AgentsConfigService, agentsConfigSchema } from './config/agents.config';
import { agentsDatabase } from './database';
import { AgentsModule } from './agents.module';
import { ModelCallSlots } from './fair-turns/model-call-slots.workflows';
import { EvaluationActivitiesFactory } from './evaluations/evaluation.activities';
import { TurnActivitiesFactory } from './runtime/turn.activities';
import { TURN_REQUESTS_CONSUMER, TurnRequests } from './runtime/turn-requests.workflows';
import { CLOSES_CONSUMER, ExchangeDrafting, HAND_BACKS_CONSUMER } from './knowledge-proposals/exchange-drafting';

void runService({
  name: 'agents',
  defaultPort: 8083,
  rootModule: AgentsModule,
  database: agentsDatabase,
  configSchema: agentsConfigSchema,
  worker: async (app, { config }) => {
    // The turns' activities signal turns waiting for their model call's slot from their first task on.
    await app.get(ModelCallSlots).connected();
    const worker = await startTemporalWorker(config.values, {
      service: 'agents',
      activities: {
        ...diagnosticsActivities('agents'),
        ...app.get(TurnActivitiesFactory).activities(),
        ...app.get(EvaluationActivitiesFactory).activities(),
      },
      workflows: workflowSource(),
      slots: app.get(AgentsConfigService).values.PLATICA_AGENTS_WORKER_SLOTS,
    });
    // Chat turns started by this process begin in this worker (a handlers-only process starts them through the server).
    app.get(TurnRequests).startInWorker(worker.client);
    return worker;
  },
  background: async (app, { config, nats, readiness }) => {
    // Customers' messages and `resume` instructions, recorded by messaging, become turns here.
    const turnRequests = app.get(TurnRequests);
    // A backlog (messages stored while the service was down) is handed over at once, not redelivered later.
    await turnRequests.connected();
    const subscription = new EventSubscription(
      nats.connection,
      {
        durableName: TURN_REQUESTS_CONSUMER,
        type: 'agent.turn.requested',
        streamName: config.values.PLATICA_EVENTS_STREAM,
        natsPrefix: config.values.PLATICA_NATS_PREFIX,
        // Half the database pool at most: a flood of one workspace's messages never holds every
        // connection while another workspace's model call waits for one to take its slot.
        concurrency: Math.max(1, Math.floor(config.values.PLATICA_DATABASE_POOL_SIZE / 2)),
      },
      (event) => turnRequests.handle(event),
    );
    await subscription.start();
    readiness.register('turn-requests', async () => {
      const problem = subscription.problem();
      if (problem) throw new Error(problem);
    });
    // Deferred turns granted after a restart, slots of calls that died with their worker.
    await app.get(ModelCallSlots).connected();
    const grantPasses = app.get(ModelCallSlots).startGrantPasses();
    // A person's part ends (handed back, or the conversation closed): their exchange may become a knowledge proposal.
    const drafting = app.get(ExchangeDrafting);
    const stream = { streamName: config.values.PLATICA_EVENTS_STREAM, natsPrefix: config.values.PLATICA_NATS_PREFIX, concurrency: 4 };
    const handBacks = new EventSubscription(
      nats.connection,
      { ...stream, durableName: HAND_BACKS_CONSUMER, type: 'conversation.operation.updated' },
      (event) => drafting.onOperationUpdated(event),
    );
    const closes = new EventSubscription(
      nats.connection,
      { ...stream, durableName: CLOSES_CONSUMER, type: 'conversation.status.updated' },
      (event) => drafting.onStatusUpdated(event),
    );
    await Promise.all([handBacks.start(), closes.start()]);
    readiness.register('knowledge-proposals', async () => {
      const problem = handBacks.problem() ?? closes.problem();
      if (problem) throw new Error(problem);
    });
    // Stopped before the worker: no new turn requests first, then the worker finishes the running turns.
    return [subscription, grantPasses, handBacks, closes];
  },
});
