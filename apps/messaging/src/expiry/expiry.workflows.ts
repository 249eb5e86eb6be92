import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { conversationExpiryWorkflow } from '@platica/workflows';
import { conversationExpiryWorkflowId, turnWorkflowId } from '@platica/workflows/activities';

/** Turn workflows described at once while a sweep looks for running turns. */
const DESCRIBE_CONCURRENCY = 16;

/**
 * The messaging service's side of the conversation-expiry workflow (the sweep's durable
 * clock), and the one question the sweep asks of Temporal: which conversations have a turn
 * running (the agents service's turn workflow, keyed by the conversation).
 */
@Injectable()
export class ExpiryWorkflows extends TemporalClientOwner implements OnApplicationBootstrap {
  constructor(config: ServiceConfig) {
    super(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureSweeper();
  }

  /** Starts the deployment's sweeper unless it runs: every replica asks at start-up, one wins. */
  async ensureSweeper(): Promise<void> {
    const taskQueue = this.queueOf('messaging');
    try {
      await this.temporal().workflow.start(conversationExpiryWorkflow, {
        taskQueue,
        workflowId: conversationExpiryWorkflowId(taskQueue),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /** Of these turn keys (workspace and the conversation's turn key), those whose turn workflow is running. */
  async runningTurns(keys: { workspaceId: string; turnKey: string }[]): Promise<Set<string>> {
    const running = new Set<string>();
    for (let start = 0; start < keys.length; start += DESCRIBE_CONCURRENCY) {
      await Promise.all(
        keys.slice(start, start + DESCRIBE_CONCURRENCY).map(async ({ workspaceId, turnKey }) => {
          try {
            const described = await this.temporal().workflow.getHandle(turnWorkflowId(workspaceId, turnKey)).describe();
            if (described.status.name === 'RUNNING') running.add(turnKey);
          } catch (error) {
            if (!(error instanceof WorkflowNotFoundError)) throw error;
          }
        }),
      );
    }
    return running;
  }
}
