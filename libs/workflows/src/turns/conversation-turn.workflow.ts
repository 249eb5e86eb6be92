import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  TimeoutFailure,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { ChatAccepted, ChatAcceptRequest } from '@platica/contracts';
import {
  turnRequestedSignal,
  modelCallSlotSignal,
  replyRequestOf,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type ConversationTurnInput,
  DEPENDENCY_UNAVAILABLE,
  MODEL_CALLS_BACKLOGGED,
  type GeneratedReply,
  type TurnOutcome,
  type ToolRound,
  type TurnTrigger,
} from './conversation-turn.contract';

/**
 * How long a turn's step waits for its dependencies (PostgreSQL, NATS, the services, the model
 * provider's network) before the turn ends as a recorded failure: the WhatsApp window, after
 * which a free-form reply cannot be sent anyway (docs/workflows.md › Retries and outages).
 */
export const TURN_HORIZON = '24 hours';
const TURN_HORIZON_MS = 24 * 60 * 60_000;
/**
 * Every step retries until the horizon: an outage costs the customer a late answer, never a
 * lost one. Errors that cannot pass by waiting are non-retryable where they are thrown (the
 * activities): a refusal by a service (4xx), the model failing its third time.
 */
const UNTIL_HORIZON = { initialMs: 200, maximumMs: 60_000 };
/**
 * A local activity's retry whose backoff is this long waits on a workflow timer, not in the
 * worker (which would keep the workflow task alive with a heartbeat every 8 s, three history
 * events each): a day of outage costs some 1,500 timers, well under Temporal's limits.
 */
const LOCAL_RETRY_THRESHOLD_MS = 10_000;
/**
 * A queued model call asks again after this long without its slot's signal: a signal lost (the
 * worker that granted the slot stopped before sending it) costs the turn at most this wait.
 * Not shorter: each recheck is a workflow task and a transaction, and a flooding workspace has
 * hundreds of turns waiting.
 */
const QUEUED_MODEL_CALL_RECHECK = '2 minutes';

/**
 * The turn's steps, their backoffs multiplied by `retryScale` (the input's, from the agents
 * service's PLATICA_TURN_RETRY_SCALE: 1 in production; tests shorten the waits of an outage
 * without changing their order). Only backoffs and the local retry threshold scale: the
 * horizon and each attempt's time limit stay.
 */
function stepsOf(retryScale = 1) {
  const scaled = (ms: number) => Math.max(1, Math.round(ms * retryScale));
  const untilHorizon = {
    scheduleToCloseTimeout: TURN_HORIZON,
    retry: { initialInterval: scaled(UNTIL_HORIZON.initialMs), backoffCoefficient: 2, maximumInterval: scaled(UNTIL_HORIZON.maximumMs) },
  };
  const localRetryThreshold = scaled(LOCAL_RETRY_THRESHOLD_MS);
  // Local activities run in the worker that runs the turn, without a server round trip each, and
  // a worker killed during one is replaced within the workflow task timeout (10 s). They are
  // safe to run again: waiting and the model call write nothing, and accepting a chat request
  // is idempotent on its request message id.
  const local = proxyLocalActivities<ConversationTurnActivities>({ startToCloseTimeout: '1 minute', localRetryThreshold, ...untilHorizon });
  // Each activity is read from its proxy by name: a proxy has no keys to spread.
  return {
    // Deliveries are ordinary activities: their results are in the workflow's history, so a workflow
    // task that fails (a customer writing while the workflow completes, a worker killed) is replayed
    // to the same decisions and never sends twice.
    deliverReply: proxyActivities<ConversationTurnActivities>({ startToCloseTimeout: '30 seconds', ...untilHorizon }).deliverReply,
    // The record of a failure is the last resort: it has no horizon.
    recordTurnFailure: proxyActivities<ConversationTurnActivities>({ startToCloseTimeout: '30 seconds', retry: untilHorizon.retry })
      .recordTurnFailure,
    // The working message is a courtesy: a turn never waits for it long.
    sendWorkingMessage: proxyActivities<ConversationTurnActivities>({
      startToCloseTimeout: '1 minute',
      retry: { initialInterval: scaled(200), maximumInterval: scaled(5_000), maximumAttempts: 5 },
    }).sendWorkingMessage,
    awaitQuiet: local.awaitQuiet,
    acceptChat: local.acceptChat,
    // The model call: the activity gives the model three attempts (its third failure is
    // non-retryable), then the turn ends with a recorded failure; an unavailable dependency is
    // waited out like in every step. The turn's first call prepares the agent's memory (a failure
    // there costs the summary, never the reply); every call runs the model's rounds of tool calls
    // in the worker running the turn, with no workflow task between the model asking and getting
    // the results, until it answers or its working message is due. Their results are in the
    // history once the workflow task completes, so a replay never calls a remote API again; a
    // retried model call reuses them (kept in the worker). Only a worker killed inside that task
    // runs a call again.
    generateReply: queuedForSlots(
      proxyLocalActivities<ConversationTurnActivities>({
        // One tool round must fit: a tool waited for up to 5 min 15 s (TOOL_CALL_WAIT_MS: an MCP tool
        // reporting progress may run 5 min) and the model's calls around it (60 s each). Still a local
        // activity: the SDK heartbeats the workflow task while it runs, so a dead worker is noticed
        // within the workflow task timeout, not this one, and a regular activity would only add a task
        // queue round trip to every model call. A timed-out attempt's retry resumes the rounds already
        // run (kept in the worker).
        startToCloseTimeout: '8 minutes',
        localRetryThreshold,
        scheduleToCloseTimeout: TURN_HORIZON,
        retry: { initialInterval: scaled(1_000), backoffCoefficient: 2, maximumInterval: scaled(60_000) },
      }).generateReply,
    ),
  };
}

/**
 * The model call, waiting its turn when its workspace (or the deployment) has as many model
 * calls in flight as allowed: the activity answers `queued` at once, and the run waits on its
 * slot's signal with no activity running, so it holds none of the worker's slots meanwhile
 * (docs/agents.md › Fair turns across workspaces). The activity keeps the call's place in the
 * queue: asked again, it is served when its place comes.
 */
function queuedForSlots(call: ConversationTurnActivities['generateReply']) {
  let slotsGiven = 0;
  setHandler(modelCallSlotSignal, () => void slotsGiven++);
  return async (input: Parameters<ConversationTurnActivities['generateReply']>[0]): Promise<GeneratedReply> => {
    const since = Date.now();
    for (;;) {
      const given = slotsGiven;
      const reply = await call(input);
      if (!('queued' in reply)) return reply;
      // Like every step, the wait ends at the turn's horizon, with a recorded failure.
      if (Date.now() - since > TURN_HORIZON_MS) {
        throw ApplicationFailure.nonRetryable(
          `the workspace's model calls stayed at their bound for ${TURN_HORIZON}`,
          MODEL_CALLS_BACKLOGGED,
        );
      }
      await condition(() => slotsGiven > given, QUEUED_MODEL_CALL_RECHECK);
    }
  };
}

type Steps = ReturnType<typeof stepsOf>;

/** A burst is gathered for at most this many debounce windows, so a chatty customer still gets answers. */
const MAX_DEBOUNCE_WINDOWS = 5;
/**
 * A run whose history passed this many events continues as new when more turns are pending. A
 * worker that loses a run from its cache (a trigger arriving while the run completes refuses the
 * completion, and the worker evicts the run) replays its whole history before the next turn: a
 * conversation answered without pause for 100 turns made each turn start 200 ms late. About 9
 * events a channel turn: a run replays at most some 11 turns.
 */
const HISTORY_EVENTS_BEFORE_CONTINUING = 100;
/** The message ids a continued run keeps of those its turns saw: a trigger arrives within seconds of its message. */
const SEEN_MESSAGES_CARRIED = 200;

/**
 * The turns of one conversation, one after another. Customer messages are gathered until
 * none arrives for `debounceMs`, then answered in one turn; triggers arriving during a turn
 * are answered by the next. Ends when nothing is pending; answers what became of each chat
 * trigger (a synchronous chat request waits for it).
 */
export async function conversationTurnWorkflow(input: ConversationTurnInput): Promise<TurnOutcome[]> {
  const pending: TurnTrigger[] = [...(input.first ? [input.first] : []), ...(input.carried?.pending ?? [])];
  setHandler(turnRequestedSignal, (trigger) => void pending.push(trigger));
  let conversationRef = input.conversationRef;
  const outcomes: TurnOutcome[] = [...(input.carried?.outcomes ?? [])];
  /** Messages an earlier turn of this run (or of the run it continues) was given: their triggers need no turn of their own. */
  const seen = new Set<string>(input.carried?.seenMessageIds);
  const steps = stepsOf(input.retryScale);
  const { awaitQuiet, acceptChat } = steps;
  // Started by signalWithStart: the signal is processed after this function starts, in the same activation.
  if (!pending.length) await condition(() => pending.length > 0, '1 minute');
  /** A deferred turn's messages were gathered while it waited for its slot, which it holds now. */
  let gathered = input.gathered === true;

  // A trigger signalled while the workflow completes makes the server refuse the completion, so none is lost.
  while (pending.length) {
    if (workflowInfo().historyLength >= HISTORY_EVENTS_BEFORE_CONTINUING) {
      const carried = { pending: pending.splice(0), outcomes, seenMessageIds: [...seen].slice(-SEEN_MESSAGES_CARRIED) };
      await continueAsNew<typeof conversationTurnWorkflow>({ ...input, conversationRef, first: undefined, gathered: undefined, carried });
    }
    const debounced = !gathered;
    gathered = false;
    if (debounced && conversationRef && input.debounceMs > 0 && pending.every((t) => t.kind === 'customer_message')) {
      // An in-worker wait, measured from the latest stored message: the server's timers are too coarse for a sub-second window.
      const waited = await awaitQuiet({
        workspaceId: input.workspaceId,
        conversationRef,
        debounceMs: input.debounceMs,
        maxMs: input.debounceMs * MAX_DEBOUNCE_WINDOWS,
      }).then(
        () => null,
        (failure: unknown) => failure,
      );
      if (waited) {
        // Past the horizon (or refused): the messages gathered get a visible failed turn instead of an answer.
        pending.splice(0);
        await recordFailure(steps, { workspaceId: input.workspaceId, conversationRef }, newMessageId(), errorOf(waited, 'turn_failed'));
        continue;
      }
    }
    const batch = pending.splice(0).filter((t) => t.chat || !t.messageIds?.length || t.messageIds.some((id) => !seen.has(id)));

    const accepted = new Map<string, ChatAccepted>();
    const answering: TurnTrigger[] = [];
    /** A chat request's acceptance: a refusal is its outcome; an accepted request is answered by the turn. */
    const take = (trigger: TurnTrigger, result: AcceptChatResult) => {
      if ('rejected' in result) {
        outcomes.push({ requestId: trigger.requestId, status: 'rejected', error: result.rejected });
        return;
      }
      accepted.set(trigger.requestId, result.accepted);
      conversationRef = result.accepted.id;
      answering.push(trigger);
    };
    let turn: TurnResult;
    const [alone] = batch;
    // A chat request alone (a synchronous turn, a scheduled one): its acceptance and the model
    // call are scheduled together, and the call waits for the acceptance in the worker: no
    // workflow activation between the two.
    if (batch.length === 1 && alone?.chat) {
      const accepting = acceptChat(alone.chat);
      const request = {
        workspaceId: input.workspaceId,
        conversationRef: alone.chat.conversationId,
        additionalInstructions: alone.additionalInstructions ?? null,
        triggeringMessageIds: [],
      };
      turn = await runTurn(steps, request, seen, true, { request: alone.chat, accepting });
      take(alone, await accepting);
      if (!answering.length) continue;
    } else {
      for (const trigger of batch) {
        if (trigger.chat) take(trigger, await acceptChat(trigger.chat));
        else answering.push(trigger);
      }
      if (!answering.length || !conversationRef) continue;

      const instructions = answering.flatMap((t) => (t.additionalInstructions ? [t.additionalInstructions] : []));
      // A chat request is always answered; customer messages and instructions only once.
      const triggeringMessageIds = answering.some((t) => t.chat) ? [] : answering.flatMap((t) => t.messageIds ?? []);
      const additionalInstructions = instructions.length ? instructions.join('\n\n') : null;
      const forChat = answering.some((t) => t.chat);
      turn = await runTurn(
        steps,
        { workspaceId: input.workspaceId, conversationRef, additionalInstructions, triggeringMessageIds },
        seen,
        forChat,
      );
    }
    const completedAt = new Date().toISOString();
    // Only a chat request has someone waiting for its outcome.
    for (const trigger of answering.filter((t) => t.chat)) {
      const own = accepted.get(trigger.requestId) ?? null;
      if ('replies' in turn)
        outcomes.push({ requestId: trigger.requestId, status: 'completed', accepted: own, replies: turn.replies, completedAt });
      else if ('silent' in turn)
        outcomes.push({ requestId: trigger.requestId, status: 'silent', accepted: own, reason: turn.silent, completedAt });
      else outcomes.push({ requestId: trigger.requestId, status: 'failed', accepted: own, error: turn.error });
    }
  }
  return outcomes;
}

type TurnResult =
  { replies: Awaited<ReturnType<ConversationTurnActivities['deliverReply']>>[] } | { silent: string } | { error: TurnError };

/** A chat request's acceptance, scheduled alongside the turn's first model call. */
interface Acceptance {
  request: ChatAcceptRequest;
  accepting: Promise<AcceptChatResult>;
}

/**
 * `forChat`: the turn answers a chat request (its conversation is a chat thread, on the
 * internal channel). With `acceptance`, the turn's thread is the accepted one (`request`'s
 * `conversationRef` is a placeholder until then); a refused request gets no turn (silent).
 */
async function runTurn(
  { generateReply, sendWorkingMessage, deliverReply, ...steps }: Steps,
  given: Parameters<ConversationTurnActivities['generateReply']>[0],
  seen: Set<string>,
  forChat: boolean,
  acceptance?: Acceptance,
): Promise<TurnResult> {
  let request = given;
  // Ids are chosen here, so a retried or replayed step stores and sends its message once.
  const messageId = newMessageId();
  let reply: GeneratedReply;
  const rounds: ToolRound[] = [];
  let workingMessageSent = false;
  /** The agent's working message, sent while the tool calls run; a failure to send it never fails the turn. */
  const sendWorking = (agentId: string, settings: Parameters<typeof sendWorkingMessage>[0]['settings']) =>
    sendWorkingMessage({ ...refOf(request), messageId: newMessageId(), agentId, settings, turnId: messageId }).catch(() => undefined);
  // A chat turn's reply is stored by the model call that writes it (nothing leaves Plática, and
  // storing is idempotent on the turn's id): the turn ends in the workflow task of its model call.
  // The turn log files each step under the turn's id, its reply's message id.
  let turn = { ...request, turnId: messageId, ...(forChat ? { storeReply: true } : {}) };
  const firstCall = (input: typeof turn) => generateReply({ ...input, prepareMemory: true, toolRoundsHere: { workingMessageSent: false } });
  let answering: Promise<GeneratedReply> | undefined;
  if (acceptance) {
    answering = firstCall({ ...turn, acceptance: acceptance.request });
    // Read once the acceptance has answered; a failure meanwhile is not an unhandled one.
    answering.catch(() => undefined);
    const result = await acceptance.accepting;
    if ('rejected' in result) {
      await answering.catch(() => undefined);
      return { silent: 'the chat request was refused' };
    }
    request = { ...request, conversationRef: result.accepted.id };
    turn = { ...turn, conversationRef: result.accepted.id };
  }
  try {
    reply = await (answering ?? firstCall(turn));
    // The model asked for tools: run them (in parallel), give it the results, ask again until it answers.
    while ('toolCalls' in reply) {
      // The model call handed its rounds back because the working message is due: it goes out
      // while the calls run, and the rest of the turn's rounds run in the next model call.
      const { agentId, context, toolCalls, workingMessage } = reply;
      rounds.push(...(reply.toolRounds ?? []));
      const working = workingMessage && !workingMessageSent ? sendWorking(agentId, workingMessage) : null;
      workingMessageSent = true;
      const toolRequest = { agentId, calls: toolCalls, messages: reply.messages, context };
      reply = await generateReply({ ...turn, toolRounds: rounds, toolCalls: toolRequest, toolRoundsHere: { workingMessageSent } });
      await working;
    }
  } catch (failure) {
    const error = errorOf(failure, 'model_error');
    await recordFailure(steps, refOf(request), messageId, error);
    return { error };
  }
  for (const id of reply.seenMessageIds) seen.add(id);
  if ('silent' in reply) return { silent: reply.silent };
  if (reply.stored) return { replies: [reply.stored] };
  try {
    return { replies: [await deliverReply(replyRequestOf(turn, reply))] };
  } catch (failure) {
    // The reply's own id: a delivery that stored the message before it failed keeps it.
    const error = errorOf(failure, 'delivery_failed');
    await recordFailure(steps, refOf(request), messageId, error);
    return { error };
  }
}

/**
 * A turn that ends without a reply: a failed assistant message (the conversation's detail shows
 * it) and the turn log's `failed` entry. A conversation gone meanwhile has nothing to record it on.
 */
async function recordFailure(
  { recordTurnFailure }: Pick<Steps, 'recordTurnFailure'>,
  ref: { workspaceId: string; conversationRef: string },
  messageId: string,
  error: TurnError,
): Promise<void> {
  await recordTurnFailure({ ...ref, messageId, error }).catch(() => undefined);
}

const refOf = ({ workspaceId, conversationRef }: { workspaceId: string; conversationRef: string }) => ({ workspaceId, conversationRef });

const newMessageId = () => `msg_${uuid4().replace(/-/g, '')}`;

type TurnError = { code: string; message: string };

function errorOf(failure: unknown, fallbackCode: string): TurnError {
  const cause = failure instanceof ActivityFailure ? failure.cause : failure;
  if (cause instanceof TimeoutFailure && cause.timeoutType === 'SCHEDULE_TO_CLOSE') {
    return { code: DEPENDENCY_UNAVAILABLE, message: `the turn's dependencies stayed unavailable for ${TURN_HORIZON}` };
  }
  if (cause instanceof ApplicationFailure && cause.type) return { code: cause.type, message: cause.message };
  return { code: fallbackCode, message: cause instanceof Error ? cause.message : String(cause) };
}
