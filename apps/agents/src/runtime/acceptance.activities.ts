import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import { Subjects, type ChatAcceptedWithContext, type ChatAcceptRequest, type ChatRejectRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { errorReply } from '@platica/platform';
import type { AcceptChatResult } from '@platica/workflows/activities';
import { currentRunId, messaging, runKeyOf, threadKeyOf, turnContextOf, type TurnDeps } from './turn-deps';
import type { TurnMemos } from './turn-memos';
import type { AgentLoads, TurnSettingLoader } from './turn-setting';

/** How often a model call waiting for its acceptance asks again after a failed attempt. */
const ACCEPTANCE_RETRY_MS = 500;

export type AcceptanceActivities = ReturnType<typeof createAcceptanceActivities>;

/**
 * What comes before a turn's model call: the customer's quiet (a burst is answered once), and a
 * chat request's acceptance, with the agent's setting loading alongside (begun ahead, while the
 * request's workflow starts, when this process starts it).
 */
export function createAcceptanceActivities(deps: TurnDeps, memos: TurnMemos, setting: TurnSettingLoader) {
  /** Sleeps in the worker until the customer's latest stored message is `debounceMs` old (or `maxMs` passed). */
  async function awaitQuiet(input: { workspaceId: string; conversationRef: string; debounceMs: number; maxMs: number }): Promise<void> {
    const deadline = Date.now() + input.maxMs;
    for (;;) {
      const { history } = await turnContextOf(deps.rpc, input.workspaceId, input.conversationRef);
      const latest = Math.max(0, ...history.filter((item) => item.role === 'user').map((item) => Date.parse(item.createdAt)));
      const until = Math.min(latest + input.debounceMs, deadline);
      const now = Date.now();
      if (until <= now) return;
      await sleep(until - now, undefined, { signal: Context.current().cancellationSignal });
    }
  }

  /**
   * Begins the acceptance of a chat request whose run this process has just started eagerly:
   * the run's first workflow task is on its way to this worker, and its first step, the
   * acceptance, need not wait for it (the step takes this one's result). The run holds the
   * thread's lock already, so nothing is written for a request refused as busy.
   */
  function acceptEarly(runId: string, request: ChatAcceptRequest): void {
    void acceptOnce(runId, request);
  }

  /**
   * Begins loading the agent's part of a chat request's setting (the agent, its tools, its
   * sub-agent connections, the allowed terms) while its workflow starts: the agent named by the
   * request, else the one that answered the thread here last. The acceptance checks the agent
   * with it, the model call reads it, each only when the accepted thread's agent is that one.
   */
  function loadAhead(request: ChatAcceptRequest): void {
    const loads = agentLoadsFor(request);
    if (loads) memos.agentLoadsAhead.set(request.requestMessageId, loads);
  }

  /** The request never reached its acceptance (its thread was busy): what was loaded ahead goes. */
  function forgetAhead(request: ChatAcceptRequest): void {
    memos.agentLoadsAhead.forget(request.requestMessageId);
  }

  function agentLoadsFor(request: ChatAcceptRequest): AgentLoads | undefined {
    const agentId = request.agentId ?? memos.threads.get(threadKeyOf(request))?.agentId;
    return agentId ? setting.agentLoads(request.workspaceId, agentId) : undefined;
  }

  /**
   * The acceptance's answer, for the model call scheduled alongside it: a failed attempt is
   * waited out (the step retries on its own schedule), so a slow recovery of messaging delays
   * the turn rather than failing it. The call's own timeout, or the run's end, stops the wait.
   */
  async function acceptanceOf(request: ChatAcceptRequest): Promise<AcceptChatResult> {
    const runId = currentRunId();
    for (;;) {
      try {
        return await acceptOnce(runId, request);
      } catch {
        await sleep(ACCEPTANCE_RETRY_MS, undefined, { signal: Context.current().cancellationSignal });
      }
    }
  }

  /** One acceptance per run and request in this worker; a failed one is tried afresh by the step's retry. */
  function acceptOnce(runId: string | undefined, request: ChatAcceptRequest): Promise<AcceptChatResult> {
    return memos.acceptances.run(runId && `${runId}:${request.requestMessageId}`, () => acceptChat(request, runId));
  }

  /**
   * A refusal (4xx) is the chat request's answer, not a failure to retry. The agent is checked
   * here, in the worker's own database, before anything is written (a scheduled request's was
   * checked when it was accepted too, and may have been deactivated since). A scheduled
   * request's caller is gone (it had its 202): its refusal is recorded on the thread.
   */
  async function acceptChat(request: ChatAcceptRequest, runId: string | undefined): Promise<AcceptChatResult> {
    // Loaded while the thread is accepted, not after: the tools service's answer is the longest.
    // The run holds the thread's lock by now: its delegation and memory are read alongside too
    // (the thread's as this worker last saw it, else a new thread's).
    const ahead = memos.agentLoadsAhead.get(request.requestMessageId) ?? agentLoadsFor(request);
    memos.agentLoadsAhead.forget(request.requestMessageId);
    const conversationAhead = setting.conversationLoads(
      request.workspaceId,
      memos.threads.get(threadKeyOf(request))?.conversationRef ?? request.documentId,
    );
    try {
      await requireActiveAgent(request, ahead);
      const { context, ...accepted } = await messaging<ChatAcceptRequest, ChatAcceptedWithContext>(
        deps.rpc,
        Subjects.messaging.chatAccept,
        {
          ...request,
          withContext: true,
        },
      );
      // The turn's model call reads this context next: it need not load it again, nor what it
      // reads besides (begun above, or now for another agent or thread than foreseen).
      const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
      if (agentId) memos.threads.set(threadKeyOf(request), { agentId, conversationRef: context.conversation.id });
      const loads = agentId
        ? setting
            .settingLoads(request.workspaceId, agentId, context.conversation.id, { agent: ahead, conversation: conversationAhead })
            .catch(() => undefined)
        : undefined;
      memos.acceptedTurns.set(runKeyOf(accepted.id, runId), { context, loads });
      deps.chatAnswers.accept(runId, accepted);
      return { accepted };
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      if (request.scheduled) {
        deps.logger.warn({
          msg: 'a scheduled chat turn was refused when it came',
          requestMessageId: request.requestMessageId,
          error: error.message,
        });
        await messaging<ChatRejectRequest, unknown>(deps.rpc, Subjects.messaging.chatReject, {
          workspaceId: request.workspaceId,
          request,
          error: { code: error.code, message: error.message },
        });
      }
      return { rejected: errorReply(error) };
    }
  }

  async function requireActiveAgent(request: ChatAcceptRequest, ahead: AgentLoads | undefined): Promise<void> {
    if (request.agentId === null) return;
    const agent = await (ahead?.agentId === request.agentId ? ahead.agent : deps.agents.find(request.workspaceId, request.agentId));
    if (!agent) throw DomainError.notFound('Agent', request.agentId);
    if (agent.status !== 'active') {
      throw DomainError.agentInactive(
        request.agentId,
        request.scheduled ? 'the scheduled turn did not run' : 'activate it to chat with it',
      );
    }
  }

  return { awaitQuiet, acceptEarly, loadAhead, forgetAhead, acceptanceOf, acceptOnce };
}
