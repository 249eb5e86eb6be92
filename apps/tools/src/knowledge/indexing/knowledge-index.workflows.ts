import { Injectable } from '@nestjs/common';
import { WorkflowNotFoundError } from '@temporalio/client';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { knowledgeIndexWorkflow } from '@platica/workflows';
import { knowledgeIndexWorkflowId, reindexKnowledgeSignal } from '@platica/workflows/activities';

/** Starts (or wakes) a source's indexing workflow on the tools worker's queue, and stops it when the source goes. */
@Injectable()
export class KnowledgeIndexWorkflows extends TemporalClientOwner {
  constructor(config: ServiceConfig) {
    super(config);
  }

  /** Index the source now: starts its workflow, or signals the one under way (it indexes again when done, or at once when waiting). */
  async request(sourceId: string): Promise<void> {
    await this.temporal().workflow.signalWithStart(knowledgeIndexWorkflow, {
      taskQueue: this.queueOf('tools'),
      workflowId: knowledgeIndexWorkflowId(sourceId),
      args: [{ sourceId }],
      signal: reindexKnowledgeSignal,
      signalArgs: [],
    });
  }

  async stop(sourceId: string): Promise<void> {
    try {
      await this.temporal().workflow.getHandle(knowledgeIndexWorkflowId(sourceId)).terminate('the knowledge source was deleted');
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
}
