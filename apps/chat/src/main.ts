import { runService, startTemporalWorker } from '@platica/platform';
import type { ScheduledChatTurnActivities } from '@platica/workflows/activities';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { chatConfigSchema } from './config/chat.config';
import { chatDatabase } from './database';
import { ChatModule } from './chat.module';
import { TurnWorkflows } from './turns/chat-turn.workflows';

void runService({
  name: 'chat',
  defaultPort: 8082,
  rootModule: ChatModule,
  database: chatDatabase,
  configSchema: chatConfigSchema,
  worker: (app, { config }) => {
    // Scheduled chat turns wait here, then are handed to the agents service's turn workflows.
    const workflows = app.get(TurnWorkflows);
    const activities: ScheduledChatTurnActivities = { requestTurn: (input) => workflows.request(input) };
    return startTemporalWorker(config.values, {
      service: 'chat',
      activities: { ...diagnosticsActivities('chat'), ...activities },
      workflows: workflowSource(),
    });
  },
});
