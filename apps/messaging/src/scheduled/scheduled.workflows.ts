import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { scheduledSendsDispatcherWorkflow } from '@platica/workflows';
import { scheduledSendsDispatcherWorkflowId } from '@platica/workflows/activities';

/** How long one dispatcher activity runs before the workflow starts the next (a few history events each). */
export const DISPATCH_WINDOW_MS = 60_000;

/** The messaging service's side of the scheduled-sends dispatcher workflow. */
@Injectable()
export class ScheduledWorkflows extends TemporalClientOwner implements OnApplicationBootstrap {
  constructor(config: ServiceConfig) {
    super(config);
  }

  /** Once the client is connected (the module's init), before the service answers requests. */
  async onApplicationBootstrap(): Promise<void> {
    await this.ensureDispatcher();
  }

  /** Starts the deployment's dispatcher unless it runs: every replica asks at start-up, one wins. */
  async ensureDispatcher(): Promise<void> {
    const taskQueue = this.queueOf('messaging');
    try {
      await this.temporal().workflow.start(scheduledSendsDispatcherWorkflow, {
        taskQueue,
        workflowId: scheduledSendsDispatcherWorkflowId(taskQueue),
        args: [{ windowMs: DISPATCH_WINDOW_MS }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}
