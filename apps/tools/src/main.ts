import { runService, startTemporalWorker } from '@platica/platform';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { toolsConfigSchema } from './config/tools.config';
import { toolsDatabase } from './database';
import { KnowledgeIndexActivitiesFactory } from './knowledge/indexing/knowledge-index.activities';
import { ToolsModule } from './tools.module';

void runService({
  name: 'tools',
  defaultPort: 8084,
  rootModule: ToolsModule,
  database: toolsDatabase,
  configSchema: toolsConfigSchema,
  // Knowledge sources are indexed by durable workflows (docs/knowledge.md › Indexing) on the tools queue.
  worker: async (app, { config }) =>
    startTemporalWorker(config.values, {
      service: 'tools',
      activities: { ...diagnosticsActivities('tools'), ...app.get(KnowledgeIndexActivitiesFactory).activities() },
      workflows: workflowSource(),
    }),
});
