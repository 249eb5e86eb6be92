import { Injectable } from '@nestjs/common';
import { createInbox, type Subscription } from '@nats-io/transport-node';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { internalOperations } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { NatsHandle, RpcClient, STARTED_FOR_MEMO, ServiceConfig, TemporalClientOwner, serviceRequest, startOnce } from '@platica/platform';
import { conversationTurnWorkflow, scheduledChatTurnWorkflow } from '@platica/workflows';
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

/**
 * The turn did not answer within PLATICA_CHAT_TURN_TIMEOUT_MS. It goes on (its workflow is not
 * cancelled) and its reply is stored in the thread; the request answers 504 (ChatTurnsService).
 */
export class TurnTimedOut extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the turn did not answer within ${timeoutMs} ms`);
  }
}

/** A scheduled turn's workflow's memo: when its request was accepted and when it runs (a keyed retry answers them again). */
const ACCEPTED_AT_MEMO = 'platica.acceptedAt';
const EXECUTE_AT_MEMO = 'platica.executeAt';

/** The chat service's side of the turn workflows (which the agents service's worker runs). */
@Injectable()
export class TurnWorkflows extends TemporalClientOwner {
  constructor(
    config: ServiceConfig,
    private readonly chatConfig: ChatConfigService,
    private readonly rpc: RpcClient,
    private readonly nats: NatsHandle,
  ) {
    super(config);
  }

  /**
   * Runs a turn now and answers what became of it. The agents service starts its workflow,
   * where the turn's worker runs (so the turn begins with the start; 409 while another turn of
   * the thread runs), and publishes the outcome on this request's own subject as soon as the
   * reply is stored; the workflow's result is read too, and answers when that message does not come.
   * Throws TurnTimedOut past PLATICA_CHAT_TURN_TIMEOUT_MS.
   */
  async runNow(workspaceId: string, threadId: string, trigger: TurnTrigger): Promise<TurnOutcome> {
    const answerTo = createInbox();
    const early = this.nats.connection.subscribe(answerTo, { max: 1 });
    const stopped = new AbortController();
    const timeoutMs = this.chatConfig.values.PLATICA_CHAT_TURN_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      const runId = await this.start(workspaceId, threadId, trigger, answerTo);
      const handle = this.temporal().workflow.getHandle<typeof conversationTurnWorkflow>(turnWorkflowId(workspaceId, threadId), runId);
      const outcomes = await Promise.race([
        earlyAnswer(early).then((outcome) => [outcome]),
        this.temporal().withAbortSignal(stopped.signal, () => handle.result()),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new TurnTimedOut(timeoutMs)), timeoutMs);
        }),
      ]);
      const outcome = outcomes.find((o) => o.requestId === trigger.requestId);
      if (!outcome) throw new Error(`the turn workflow of ${threadId} answered nothing for ${trigger.requestId}`);
      return outcome;
    } finally {
      clearTimeout(timer);
      early.unsubscribe();
      stopped.abort();
    }
  }

  /**
   * The turn's start, by the agents service (where its worker runs: an eager start). When that
   * service does not answer in time (frozen, overloaded), the turn is started here through
   * Temporal, and the agents service refuses the request once it reads it (`startBy`), so the
   * turn starts once either way: the chat is accepted, and runs when a worker can. A run of the
   * thread already there is this request's when the agents service started it just in time (its
   * memo names the request); another request's makes this one 409 busy, not accepted.
   */
  private async start(workspaceId: string, threadId: string, trigger: TurnTrigger, answerTo: string): Promise<string> {
    const timeoutMs = this.chatConfig.values.PLATICA_CHAT_START_TIMEOUT_MS;
    const startBy = new Date(Date.now() + timeoutMs).toISOString();
    try {
      const { runId } = await this.rpc.call(
        internalOperations.agents.chatTurnStart,
        serviceRequest('chat', workspaceId, { threadId, trigger, answerTo, startBy }),
        timeoutMs,
      );
      return runId;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.Timeout)) throw error;
    }
    const workflowId = turnWorkflowId(workspaceId, threadId);
    const runId = await startOnce(this.pulse, this.temporal(), workflowId, trigger.requestId, async () => {
      const handle = await this.temporal().workflow.start(conversationTurnWorkflow, {
        taskQueue: this.queueOf('agents'),
        workflowId,
        args: [{ workspaceId, conversationRef: null, debounceMs: 0, first: trigger } satisfies ConversationTurnInput],
        workflowIdConflictPolicy: 'FAIL',
        memo: { [STARTED_FOR_MEMO]: trigger.requestId },
      });
      return handle.firstExecutionRunId;
    });
    if (runId) return runId;
    throw DomainError.turnInProgress(threadId);
  }

  /**
   * A durable timer for a scheduled turn (chat service's worker). A task id already taken (a keyed
   * request scheduled before: Temporal refuses a second run under its id) answers when that one
   * was accepted and runs; null when this call scheduled it.
   */
  async schedule(taskId: string, input: ScheduledChatTurnInput, acceptedAt: Date): Promise<{ acceptedAt: Date; executeAt: Date } | null> {
    const workflowId = scheduledChatTurnWorkflowId(taskId);
    try {
      await this.temporal().workflow.start(scheduledChatTurnWorkflow, {
        taskQueue: this.queueOf('chat'),
        workflowId,
        args: [input],
        memo: { [ACCEPTED_AT_MEMO]: acceptedAt.toISOString(), [EXECUTE_AT_MEMO]: input.executeAt },
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
      return null;
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    const { memo, startTime } = await this.temporal().workflow.getHandle(workflowId).describe();
    const at = (name: string, otherwise: Date) => (typeof memo?.[name] === 'string' ? new Date(memo[name]) : otherwise);
    return { acceptedAt: at(ACCEPTED_AT_MEMO, startTime), executeAt: at(EXECUTE_AT_MEMO, new Date(input.executeAt)) };
  }

  /** Whether a turn workflow of the thread runs now (a keyed retry's turn may still answer). */
  async turnRuns(workspaceId: string, threadId: string): Promise<boolean> {
    try {
      const { status } = await this.temporal().workflow.getHandle(turnWorkflowId(workspaceId, threadId)).describe();
      return status.name === 'RUNNING';
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** A scheduled turn at its time: queued behind a running turn of the thread, or started. */
  async request(input: ScheduledChatTurnInput): Promise<void> {
    await this.temporal().workflow.signalWithStart(conversationTurnWorkflow, {
      taskQueue: this.queueOf('agents'),
      workflowId: turnWorkflowId(input.workspaceId, input.conversationKey),
      args: [{ workspaceId: input.workspaceId, conversationRef: input.conversationRef, debounceMs: 0 } satisfies ConversationTurnInput],
      signal: turnRequestedSignal,
      signalArgs: [input.trigger],
    });
  }
}

/** The outcome published on a request's own subject; never settles once the subscription ends without one. */
async function earlyAnswer(subscription: Subscription): Promise<TurnOutcome> {
  for await (const message of subscription) return message.json<TurnOutcome>();
  return new Promise<never>(() => undefined);
}
