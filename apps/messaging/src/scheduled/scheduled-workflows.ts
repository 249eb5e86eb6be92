import { Injectable } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { DomainError, ErrorCode } from '@platica/errors';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { scheduledMessageWorkflow } from '@platica/workflows';
import {
  NOT_PENDING,
  cancelUpdate,
  rescheduleUpdate,
  scheduledMessageWorkflowId,
  type RescheduleChange,
} from '@platica/workflows/activities';

/** The messaging service's side of the scheduled-message workflows: start, reschedule, cancel. */
@Injectable()
export class ScheduledWorkflows extends TemporalClientOwner {
  constructor(config: ServiceConfig) {
    super(config);
  }

  /** Starts the message's workflow; starting it twice is harmless (the id is the message's). */
  async start(messageId: string, executeAt: Date): Promise<void> {
    try {
      await this.temporal().workflow.start(scheduledMessageWorkflow, {
        taskQueue: this.queueOf('messaging'),
        workflowId: scheduledMessageWorkflowId(messageId),
        args: [{ messageId, executeAt: executeAt.toISOString() }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  async reschedule(messageId: string, change: RescheduleChange): Promise<void> {
    await this.update(() =>
      this.temporal()
        .workflow.getHandle(scheduledMessageWorkflowId(messageId))
        .executeUpdate(rescheduleUpdate, { args: [change] }),
    );
  }

  async cancel(messageId: string, cancelledAt: Date): Promise<void> {
    await this.update(() =>
      this.temporal()
        .workflow.getHandle(scheduledMessageWorkflowId(messageId))
        .executeUpdate(cancelUpdate, { args: [{ cancelledAt: cancelledAt.toISOString() }] }),
    );
  }

  /** The workflow decides whether the message is still pending; a refusal is the spec's 409. */
  private async update(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError && (error.cause as { type?: string } | undefined)?.type === NOT_PENDING) {
        throw new DomainError(ErrorCode.Conflict, 'The message is no longer pending: re-read it and decide from status and reschedulable', {
          reason: (error.cause as Error).message,
        });
      }
      throw error;
    }
  }
}
