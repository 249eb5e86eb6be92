import { Injectable } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import {
  scheduledChatTurnWorkflowId,
  turnRequestedSignal,
  turnWorkflowId,
  type ConversationTurnInput,
  type ScheduledChatTurnInput,
  type TurnOutcome,
  type TurnTrigger,
} from '@platica/workflows/activities';
import { ChatConfigService } from '../config/chat.config';

/** The chat service's side of the turn workflows (which the agents service's worker runs). */
@Injectable()
export class TurnWorkflows extends TemporalClientOwner {
  constructor(
    config: ServiceConfig,
    private readonly chatConfig: ChatConfigService,
  ) {
    super(config);
  }

  /**
   * Runs a turn now and answers what became of it. The thread's turn workflow is the lock:
   * while one runs, another synchronous turn is refused with 409 before anything is written.
   */
  async runNow(workspaceId: string, threadId: string, trigger: TurnTrigger): Promise<TurnOutcome> {
    const input: ConversationTurnInput = { workspaceId, conversationRef: null, debounceMs: 0, first: trigger };
    let handle;
    try {
      handle = await this.temporal().workflow.start('conversationTurnWorkflow', {
        taskQueue: this.queueOf('agents'),
        workflowId: turnWorkflowId(workspaceId, threadId),
        args: [input],
        workflowIdConflictPolicy: 'FAIL',
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        throw DomainError.refused(
          ErrorCode.Conflict,
          DomainReason.TurnInProgress,
          'The agent is still answering an earlier message of this chat: retry when it has finished',
          { conversationId: threadId },
        );
      }
      throw error;
    }
    const timeoutMs = this.chatConfig.values.PLATICA_CHAT_TURN_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const outcomes = await Promise.race([
      handle.result() as Promise<TurnOutcome[]>,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new DomainError(ErrorCode.Timeout, 'The agent did not answer in time; the reply will appear in the chat', {
                conversationId: threadId,
                timeoutMs,
              }),
            ),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    const outcome = outcomes.find((o) => o.requestId === trigger.requestId);
    if (!outcome) throw new Error(`the turn workflow of ${threadId} answered nothing for ${trigger.requestId}`);
    return outcome;
  }

  /** A durable timer for a scheduled turn (chat service's worker). */
  async schedule(taskId: string, input: ScheduledChatTurnInput): Promise<void> {
    await this.temporal().workflow.start('scheduledChatTurnWorkflow', {
      taskQueue: this.queueOf('chat'),
      workflowId: scheduledChatTurnWorkflowId(taskId),
      args: [input],
    });
  }

  /** A scheduled turn at its time: queued behind a running turn of the thread, or started. */
  async request(input: ScheduledChatTurnInput): Promise<void> {
    await this.temporal().workflow.signalWithStart('conversationTurnWorkflow', {
      taskQueue: this.queueOf('agents'),
      workflowId: turnWorkflowId(input.workspaceId, input.conversationKey),
      args: [{ workspaceId: input.workspaceId, conversationRef: input.conversationRef, debounceMs: 0 } satisfies ConversationTurnInput],
      signal: turnRequestedSignal,
      signalArgs: [input.trigger],
    });
  }
}
