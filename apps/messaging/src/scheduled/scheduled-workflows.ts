import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { DomainError, ErrorCode } from '@platica/errors';
import { ServiceConfig, connectTemporalClient, taskQueue } from '@platica/platform';
import {
  NOT_PENDING,
  cancelUpdate,
  rescheduleUpdate,
  scheduledMessageWorkflowId,
  type RescheduleChange,
} from '@platica/workflows/activities';

/** The messaging service's side of the scheduled-message workflows: start, reschedule, cancel. */
@Injectable()
export class ScheduledWorkflows implements OnModuleInit, OnApplicationShutdown {
  private client: Client | null = null;
  private closeConnection: (() => Promise<void>) | null = null;

  constructor(private readonly config: ServiceConfig) {}

  async onModuleInit(): Promise<void> {
    const { client, close } = await connectTemporalClient(this.config.values);
    this.client = client;
    this.closeConnection = close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.closeConnection?.();
  }

  /** Starts the message's workflow; starting it twice is harmless (the id is the message's). */
  async start(messageId: string, executeAt: Date): Promise<void> {
    try {
      await this.temporal().workflow.start('scheduledMessageWorkflow', {
        taskQueue: taskQueue(this.config.values, 'messaging'),
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

  private temporal(): Client {
    if (!this.client) throw new Error('the Temporal client is not connected');
    return this.client;
  }
}
