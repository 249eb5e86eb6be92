import { Injectable } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { campaignRunWorkflow } from '@platica/workflows';
import { campaignRunWorkflowId } from '@platica/workflows/activities';

/** Starts the workflow of a campaign run on the campaigns worker's queue. */
@Injectable()
export class CampaignRunWorkflows extends TemporalClientOwner {
  constructor(config: ServiceConfig) {
    super(config);
  }

  async start(runId: string, scheduledFor: Date | null): Promise<void> {
    try {
      await this.temporal().workflow.start(campaignRunWorkflow, {
        taskQueue: this.queueOf('campaigns'),
        workflowId: campaignRunWorkflowId(runId),
        args: [{ runId, scheduledFor: scheduledFor ? scheduledFor.toISOString() : null }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}
