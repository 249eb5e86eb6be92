import { Injectable } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { agentEvaluationWorkflow } from '@platica/workflows';
import { agentEvaluationWorkflowId } from '@platica/workflows/activities';

/** Starts and cancels evaluations' workflows on the agents worker's queue. */
@Injectable()
export class EvaluationWorkflows extends TemporalClientOwner {
  constructor(config: ServiceConfig) {
    super(config);
  }

  async start(workspaceId: string, evaluationId: string): Promise<void> {
    try {
      await this.temporal().workflow.start(agentEvaluationWorkflow, {
        taskQueue: this.queueOf('agents'),
        workflowId: agentEvaluationWorkflowId(evaluationId),
        args: [{ workspaceId, evaluationId }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /** The workflow stops dispatching turns and ends `cancelled` (a workflow already gone is left alone). */
  async cancel(evaluationId: string): Promise<void> {
    try {
      await this.temporal().workflow.getHandle(agentEvaluationWorkflowId(evaluationId)).cancel();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
}
