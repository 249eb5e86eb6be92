import { DomainError } from '@platica/errors';
import { generateText } from 'ai';
import {
  internalOperations,
  TOOL_CALL_WAIT_MS,
  type RuntimeAgentToolsRequest,
  type RuntimeExecuteRequest,
  type RuntimeTool,
} from '@platica/contracts';
import { serviceRequest } from '@platica/platform';
import type { PendingToolCalls, ToolCallContext, ToolCallRequest, ToolCallResult } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import type { Delegation } from '../subagents/delegation.entity';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import { RECORDED_OUTPUT_CHARS } from '../turn-log/turn-log.repository';
import { delegationStateOf, subagentToolCallOf } from './delegation-state';
import { turnModel } from './model-call-records';
import { SUBAGENT_TOOL_ID } from './subagent-tools';
import {
  asObject,
  conversationRefOf,
  currentRunId,
  modelAbortSignal,
  note,
  turnRefOf,
  type GenerateReplyInput,
  type TurnDeps,
} from './turn-deps';
import type { TurnMemos } from './turn-memos';
import { systemPromptOf } from './turn-prompt';

/** One tool call of a model's answer, run in the tools service (or by a sub-agent). */
interface ToolCallInput {
  workspaceId: string;
  agentId: string;
  call: ToolCallRequest;
  context: ToolCallContext;
  /** The turn's id, for the turn log. */
  turnId?: string;
  /** The turn's round whose answer asked for the call, for the turn log. */
  round?: number;
}

export type ToolCallActivities = ReturnType<typeof createToolCallActivities>;

/** The agent's tools (listed and run by the tools service) and its sub-agents (consulted, delegated to). */
export function createToolCallActivities(deps: TurnDeps, memos: TurnMemos) {
  const { rpc } = deps;

  /**
   * The tools the agent's active connections offer. A tools service that cannot answer (its
   * database or NATS down, a 5xx) fails the step, which waits and retries like the rest of the
   * turn: the agent does not answer without its tools. Only a refusal (4xx) leaves it without.
   */
  async function agentTools(workspaceId: string, agentId: string): Promise<RuntimeTool[]> {
    try {
      return await rpc.call(
        internalOperations.tools.runtimeAgentTools,
        serviceRequest<RuntimeAgentToolsRequest>('agents', workspaceId, { workspaceId, agentId }),
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      deps.logger.warn({
        msg: "the tools service did not list the agent's tools: the turn goes on without them",
        agentId,
        error: String(error),
      });
      return [];
    }
  }

  /** The calls of the model's previous answer, in parallel; a retried model call reuses their results. */
  async function runPendingToolCalls(
    key: string | undefined,
    input: GenerateReplyInput,
    pending: PendingToolCalls,
  ): Promise<ToolCallResult[]> {
    const { workspaceId } = input;
    const ran = memos.toolResults.get(key);
    if (ran) return ran;
    const results = await Promise.all(
      pending.calls.map((call) =>
        runToolCall({
          workspaceId,
          agentId: pending.agentId,
          call,
          context: pending.context,
          turnId: input.turnId,
          round: input.toolRounds?.length ?? 0,
        }),
      ),
    );
    memos.toolResults.set(key, results);
    return results;
  }

  /** Runs one call in the tools service; whatever goes wrong becomes the model's to read. */
  async function runToolCall(input: ToolCallInput): Promise<ToolCallResult> {
    const startedAt = Date.now();
    const result = await callTool(input);
    const ref = turnRefOf(input.turnId, { workspaceId: input.workspaceId, conversationRef: conversationRefOf(input.context) });
    const failure = result.ok ? null : errorTextOf(result.output);
    // The model need not wait for the record (note() never throws): it is written alongside.
    void note(deps, ref, (r) =>
      deps.turnLog.toolCall(r, {
        toolCallId: input.call.toolCallId,
        name: input.call.name,
        outcome: result.ok ? 'ok' : 'error',
        durationMs: Date.now() - startedAt,
        error: failure,
        at: new Date(startedAt).toISOString(),
        // For evaluations, which replay this call with its result (turn-log.repository.ts).
        input: input.call.input,
        ok: result.ok,
        ...(JSON.stringify(result.output ?? null).length <= RECORDED_OUTPUT_CHARS ? { output: result.output } : {}),
      }),
    );
    return result;
  }

  async function callTool(input: ToolCallInput): Promise<ToolCallResult> {
    const { call } = input;
    if (call.toolId.startsWith(SUBAGENT_TOOL_ID)) return runSubagentTool(input);
    try {
      const result = await rpc.call(
        internalOperations.tools.runtimeExecute,
        serviceRequest<RuntimeExecuteRequest>('agents', input.workspaceId, {
          workspaceId: input.workspaceId,
          agentId: input.agentId,
          toolId: call.toolId,
          toolCallId: call.toolCallId,
          arguments: call.input,
          context: input.context,
          conversationRef: conversationRefOf(input.context),
        }),
        TOOL_CALL_WAIT_MS,
      );
      return { toolCallId: call.toolCallId, providerName: call.providerName, ok: result.ok, output: result.output };
    } catch (error) {
      return {
        toolCallId: call.toolCallId,
        providerName: call.providerName,
        ok: false,
        output: { error: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  /**
   * The conversation's delegation, when it still holds: made under this principal, to an agent
   * still connected to it as an active `delegate`, and active itself. Otherwise it is reset
   * (the principal changed, spec › Chat rule 8; or the connection went) and the principal answers.
   */
  async function delegatedAgent(
    workspaceId: string,
    conversationRef: string,
    principalId: string,
    delegation: Delegation | null,
    connections: SubagentConnection[],
  ): Promise<{ agent: Agent; completionCriteria: string } | null> {
    const held = delegationStateOf(delegation, principalId, connections);
    if (held.state === 'none') return null;
    const subagent = held.state === 'held' ? await deps.agents.find(workspaceId, held.subagentId) : null;
    if (held.state !== 'held' || !subagent || subagent.status !== 'active') {
      await deps.delegations.end(workspaceId, conversationRef);
      return null;
    }
    return { agent: subagent, completionCriteria: held.completionCriteria };
  }

  /**
   * consult_<slug>: the sub-agent answers the question with its own prompt (no tools: it
   * cannot consult further); delegate_to_<slug>: the conversation's delegation starts, the
   * sub-agent answers from the next model call on; complete_delegation: it ends, the principal
   * resumes. Each runs once, as the turn's tool-call activity.
   */
  async function runSubagentTool(input: ToolCallInput): Promise<ToolCallResult> {
    const { call, workspaceId, context } = input;
    const result = (ok: boolean, output: unknown): ToolCallResult => ({
      toolCallId: call.toolCallId,
      providerName: call.providerName,
      ok,
      output,
    });
    const conversationRef = conversationRefOf(context);
    const { kind, subagentId, changesSpeaker } = subagentToolCallOf(call.toolId);
    const ref = turnRefOf(input.turnId, { workspaceId, conversationRef });
    const logDelegation = (delegationKind: 'consult' | 'delegate' | 'complete', subagent: Agent | null, text: string) =>
      note(deps, ref, (r) =>
        deps.turnLog.delegation(r, {
          kind: delegationKind,
          subagentId: subagent?.id ?? subagentId ?? null,
          subagentName: subagent?.name ?? null,
          note: text.slice(0, 1000),
          at: new Date().toISOString(),
        }),
      );
    try {
      // Who answers changes from the next model call on: the turn's setting is loaded again.
      if (changesSpeaker) memos.settings.forget(currentRunId());
      if (kind === 'complete') {
        const active = await deps.delegations.find(workspaceId, conversationRef);
        await deps.delegations.end(workspaceId, conversationRef);
        const summary = String(call.input.summary ?? '');
        await logDelegation('complete', active ? await deps.agents.find(workspaceId, active.subagentId) : null, summary);
        return result(true, { completed: true, summary });
      }
      const subagent = subagentId ? await deps.agents.find(workspaceId, subagentId) : null;
      if (!subagent || subagent.status !== 'active') return result(false, { error: 'the sub-agent is not available' });
      if (kind === 'delegate') {
        const reason = String(call.input.reason ?? '');
        await deps.delegations.start(workspaceId, conversationRef, input.agentId, subagent.id, reason);
        await logDelegation('delegate', subagent, reason);
        return result(true, { delegated: true, to: subagent.name, note: `${subagent.name} answers the customer from now on.` });
      }
      await logDelegation('consult', subagent, String(call.input.question ?? ''));
      const answer = await generateText({
        model: turnModel(
          deps,
          ref,
          { purpose: 'subagent', round: input.round ?? null, id: call.toolCallId },
          // A consulted sub-agent answers with its own models.
          { workspaceId, agentId: subagent.id, models: subagent.models ?? null, slot: 'reply' },
        ),
        system: systemPromptOf(subagent),
        prompt: String(call.input.question ?? ''),
        maxRetries: 0,
        abortSignal: modelAbortSignal(deps.config),
      });
      return result(true, { answer: answer.text.trim(), from: subagent.name });
    } catch (error) {
      return result(false, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  return { agentTools, runPendingToolCalls, delegatedAgent };
}

function errorTextOf(output: unknown): string {
  const error = asObject(output).error;
  return (typeof error === 'string' ? error : JSON.stringify(output ?? null)).slice(0, 500);
}
