import { setTimeout } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import type { Client } from '@temporalio/client';
import type { TypedDomainEvent } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { STARTED_FOR_MEMO, ServiceConfig, TemporalClientOwner, startOnce } from '@platica/platform';
import { conversationTurnWorkflow } from '@platica/workflows';
import {
  turnWorkflowId,
  type ChatTurnStart,
  type ChatTurnStarted,
  type ConversationTurnInput,
  type TurnTrigger,
} from '@platica/workflows/activities';
import { AgentsConfigService } from '../config/agents.config';
import { startChannelTurn } from '../fair-turns/channel-turns';
import { ModelCallSlots } from '../fair-turns/model-call-slots.workflows';
import { ChatAnswers } from './chat-answers';
import { TurnActivitiesFactory } from './turn.activities';

/** How long a chat request waits for a run of its thread to end before it is refused as busy (see startOrRefuse). */
const FINISHING_RUN_GRACE_MS = 250;
/** A run that answered early here: its start is tried this often, this many times, before its end is awaited. */
const ANSWERED_RUN_START_INTERVAL_MS = 3;
const ANSWERED_RUN_START_TRIES = 10;

/** The durable consumer of `agent.turn.requested` shared by the agents service's replicas. */
export const TURN_REQUESTS_CONSUMER = 'agents_turn_requests';

/**
 * Turns asked of the runtime. Messaging's `agent.turn.requested` events go to the
 * conversation's turn workflow: signalled when it runs (the next turn answers), started
 * otherwise; the event is acknowledged only once the workflow has it, so no request is lost,
 * and a redelivered one whose messages a turn already saw asks for nothing more. A synchronous
 * chat turn is started for the chat service, which waits for its outcome.
 */
@Injectable()
export class TurnRequests extends TemporalClientOwner {
  /** This process's worker's client, when the process runs the worker (PLATICA_ROLE all). */
  private workerClient: Client | null = null;

  constructor(
    config: ServiceConfig,
    private readonly agentsConfig: AgentsConfigService,
    private readonly chatAnswers: ChatAnswers,
    private readonly activities: TurnActivitiesFactory,
    private readonly slots: ModelCallSlots,
  ) {
    super(config);
  }

  /** Chat turns started from now on run their first workflow task in this process's worker (eager start). */
  startInWorker(client: Client): void {
    this.workerClient = client;
  }

  /**
   * Starts a chat thread's turn workflow with its trigger. The workflow is the thread's lock:
   * while one runs, another synchronous turn is refused with 409 before anything is written.
   * Started eagerly when this process runs the worker: the start's answer carries the first
   * workflow task, so the turn begins without waiting for the server to dispatch it; its outcome
   * then goes to `answerTo` as soon as its reply is stored (ChatAnswers), and its acceptance
   * begins at once (TurnActivitiesFactory.acceptEarly), with the agent loading since before the start.
   */
  async startChatTurn(workspaceId: string, start: ChatTurnStart): Promise<ChatTurnStarted> {
    const { trigger, answerTo, startBy } = start;
    if (startBy && Date.now() > Date.parse(startBy)) {
      throw new DomainError(ErrorCode.Timeout, 'The chat service stopped waiting for this start: not started', { startBy });
    }
    if (answerTo && this.workerClient) this.chatAnswers.listen(trigger.requestId, answerTo);
    if (!this.workerClient || !trigger.chat) return this.startOrRefuse(workspaceId, start);
    // The agent is loaded while the workflow starts: the acceptance, its first step, checks it.
    this.activities.loadAhead(trigger.chat);
    try {
      return await this.startOrRefuse(workspaceId, start);
    } catch (error) {
      this.activities.forgetAhead(trigger.chat);
      throw error;
    }
  }

  private async startOrRefuse(workspaceId: string, { threadId, trigger }: ChatTurnStart): Promise<ChatTurnStarted> {
    const workflowId = turnWorkflowId(workspaceId, threadId);
    // Null while a run of another request is open; this request's own run when a start was made twice.
    const attempt = async () => {
      const runId = await startOnce(this.pulse, this.workerClient ?? this.temporal(), workflowId, trigger.requestId, () =>
        this.startChatWorkflow(workspaceId, workflowId, trigger),
      );
      return runId === null ? null : { runId };
    };
    const answeredHere = this.chatAnswers.takeAnsweredRun(workflowId) !== undefined;
    let started = await attempt();
    // A run that answered its request early completes 10-20 ms later (its workflow task must
    // still complete): a caller quicker than that is started as soon as the run has ended.
    // Known here when this process ran it: the start is tried again every few milliseconds,
    // since reading the run's result answers up to 20 ms after it ended. Found by the failed
    // start otherwise, and its end awaited. One still running then is busy.
    if (!started && answeredHere) {
      for (let tries = 0; !started && tries < ANSWERED_RUN_START_TRIES; tries++) {
        await setTimeout(ANSWERED_RUN_START_INTERVAL_MS);
        started = await attempt();
      }
    }
    if (!started) {
      await this.temporal()
        .withDeadline(Date.now() + FINISHING_RUN_GRACE_MS, () => this.temporal().workflow.getHandle(workflowId).result())
        .catch(() => undefined);
      started = await attempt();
    }
    if (!started) throw DomainError.turnInProgress(threadId);
    return started;
  }

  private async startChatWorkflow(workspaceId: string, workflowId: string, trigger: TurnTrigger): Promise<string> {
    const input: ConversationTurnInput = {
      workspaceId,
      conversationRef: null,
      debounceMs: 0,
      retryScale: this.agentsConfig.values.PLATICA_TURN_RETRY_SCALE,
      first: trigger,
    };
    const handle = await (this.workerClient ?? this.temporal()).workflow.start(conversationTurnWorkflow, {
      taskQueue: this.queueOf('agents'),
      workflowId,
      args: [input],
      workflowIdConflictPolicy: 'FAIL',
      requestEagerStart: this.workerClient !== null,
      memo: { [STARTED_FOR_MEMO]: trigger.requestId },
    });
    if (handle.eagerlyStarted && trigger.chat) this.activities.acceptEarly(handle.firstExecutionRunId, trigger.chat);
    return handle.firstExecutionRunId;
  }

  /**
   * A customer's messages in a workspace whose model calls already wait for their slots start
   * nothing: they join their conversation's waiting turn, or wait as a deferred turn (a row)
   * until a slot comes (fair-turns/: a flood costs no workflow per message).
   */
  async handle(event: TypedDomainEvent<'agent.turn.requested'>): Promise<void> {
    const { data, workspaceId } = event;
    const { conversationRef, messageIds } = data;
    const workflowId = turnWorkflowId(workspaceId, conversationRef);
    if (data.reason === 'customer_message' && (await this.slots.deferTurn({ workspaceId, workflowId, conversationRef, messageIds })))
      return;
    const values = this.agentsConfig.values;
    await startChannelTurn(
      this.temporal(),
      { taskQueue: this.queueOf('agents'), debounceMs: values.PLATICA_TURN_DEBOUNCE_MS, retryScale: values.PLATICA_TURN_RETRY_SCALE },
      { workspaceId, conversationRef, workflowId, trigger: { kind: data.reason, requestId: messageIds[0] ?? event.id, messageIds } },
    );
  }
}
