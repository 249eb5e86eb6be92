import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockActivityEnvironment } from '@temporalio/testing';
import { MockLanguageModelV4 } from 'ai/test';
import { internalOperations, type RuntimeExecuteRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { FakeRpcClient, strict } from '@platica/testing/test-service';
import { installationModel } from '../models/fallback-model';
import type { PendingToolCalls, ToolCallContext, ToolCallRequest, ToolCallResult } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import type { Delegation } from '../subagents/delegation.entity';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import type { RecordedToolCall } from '../turn-log/turn-log.repository';
import { createToolCallActivities } from './tool-calls.activities';
import type { GenerateReplyInput, TurnDeps } from './turn-deps';
import { TurnMemos } from './turn-memos';
import type { TurnSetting } from './turn-setting';

/** The workflow run MockActivityEnvironment's activities belong to. */
const RUN_ID = '00000000-0000-0000-0000-000000000000';
const EXECUTE = internalOperations.tools.runtimeExecute.subject;
const AGENT_TOOLS = internalOperations.tools.runtimeAgentTools.subject;

const context = { workspaceId: 'ws_1', conversationRef: 'conv_1' } as unknown as ToolCallContext;
const input = { workspaceId: 'ws_1', conversationRef: 'conv_1', turnId: 'msg_turn', toolRounds: [{}] } as GenerateReplyInput;

function call(toolId: string, fields: Partial<ToolCallRequest> = {}): ToolCallRequest {
  return { toolCallId: `call_${toolId}`, toolId, name: toolId, providerName: `p_${toolId}`, input: {}, ...fields } as ToolCallRequest;
}

function pendingOf(...calls: ToolCallRequest[]): PendingToolCalls {
  return { agentId: 'agt_1', calls, context, messages: [] } as unknown as PendingToolCalls;
}

const expert = { id: 'agt_expert', name: 'Experta', status: 'active', systemPrompt: 'Sabes de envíos.', supportInformation: {} } as Agent;

/**
 * The tool-call activities over the tools service (answering `execute`), agents and
 * delegations in memory, a sub-agent's model answering `answer`, and a turn log in memory.
 */
function world(options: { execute?: (body: RuntimeExecuteRequest) => unknown; agents?: Agent[]; delegation?: Delegation | null } = {}) {
  const rpc = new FakeRpcClient().answer(EXECUTE, (body) =>
    (options.execute ?? (() => ({ ok: true, output: { found: 'Ana' } })))(body as RuntimeExecuteRequest),
  );
  const agents = new Map((options.agents ?? [expert]).map((a) => [a.id, a]));
  let delegation = options.delegation ?? null;
  const started: unknown[] = [];
  const toolCalls: RecordedToolCall[] = [];
  const delegationsLogged: unknown[] = [];
  const warnings: unknown[] = [];
  const consulted: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      consulted.push(options);
      return {
        content: [{ type: 'text', text: ' Llega el martes. ' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const deps = strict<TurnDeps>('TurnDeps', {
    rpc,
    agents: strict('AgentRepository', { find: async (_ws: string, id: string) => agents.get(id) ?? null }),
    delegations: strict('DelegationRepository', {
      find: async () => delegation,
      start: async (...args: unknown[]) => {
        started.push(args);
        delegation = { subagentId: args[3] } as Delegation;
      },
      end: async () => {
        delegation = null;
      },
    }),
    model: strict('LanguageModelProvider', { model, providerName: 'openai-compatible' }),
    // The installation's model alone: no connections, no fallback (models/ has their own specs).
    chains: strict('ModelChains', { candidates: async () => [installationModel(model)] }),
    breakers: strict('ModelBreakers', {}),
    config: strict('AgentsConfigService', { values: { LLM_TIMEOUT_MS: 60_000, LLM_API_KEY: 'sk-test' } }),
    turnLog: strict('TurnLogRepository', {
      toolCall: async (_ref: unknown, recorded: RecordedToolCall) => void toolCalls.push(recorded),
      delegation: async (_ref: unknown, recorded: unknown) => void delegationsLogged.push(recorded),
      modelCall: async () => undefined,
    }),
    logger: strict('Logger', { warn: (entry: unknown) => void warnings.push(entry) }),
  });
  const memos = new TurnMemos();
  const activities = createToolCallActivities(deps, memos);
  const environment = new MockActivityEnvironment();
  const run = (key: string | undefined, pending: PendingToolCalls): Promise<ToolCallResult[]> =>
    environment.run(activities.runPendingToolCalls, key, input, pending);
  return {
    activities,
    run,
    rpc,
    memos,
    started,
    toolCalls,
    delegationsLogged,
    warnings,
    consulted,
    delegation: () => delegation,
    environment,
  };
}

/** Lets the turn log's records, written alongside, land. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createToolCallActivities.agentTools', () => {
  it('fails the step when the tools service cannot answer, so the turn waits for it rather than answer without tools', async () => {
    const w = world();
    w.rpc.answer(AGENT_TOOLS, () => {
      throw new DomainError(ErrorCode.Unavailable, 'tools is restarting');
    });
    await expect(w.activities.agentTools('ws_1', 'agt_1')).rejects.toThrow('tools is restarting');
  });

  it('goes on without tools, saying so in the log, when the tools service refuses', async () => {
    const w = world();
    w.rpc.answer(AGENT_TOOLS, () => {
      throw new DomainError(ErrorCode.NotFound, 'no such agent');
    });
    expect(await w.activities.agentTools('ws_1', 'agt_1')).toEqual([]);
    expect(w.warnings).toEqual([expect.objectContaining({ agentId: 'agt_1' })]);
  });
});

describe('createToolCallActivities.runPendingToolCalls: catalog tools', () => {
  it("runs each call in the tools service with the model's arguments and the turn's context, answering results in call order", async () => {
    const w = world({ execute: (body) => ({ ok: true, output: { tool: body.toolId } }) });
    const results = await w.run('k', pendingOf(call('tool_a', { input: { q: 1 } }), call('tool_b')));
    expect(results).toEqual([
      { toolCallId: 'call_tool_a', providerName: 'p_tool_a', ok: true, output: { tool: 'tool_a' } },
      { toolCallId: 'call_tool_b', providerName: 'p_tool_b', ok: true, output: { tool: 'tool_b' } },
    ]);
    expect(w.rpc.bodiesTo(EXECUTE)[0]).toEqual({
      workspaceId: 'ws_1',
      agentId: 'agt_1',
      toolId: 'tool_a',
      toolCallId: 'call_tool_a',
      arguments: { q: 1 },
      context,
      conversationRef: 'conv_1',
    });
  });

  it("gives the model a failed call's error to read instead of failing the turn, and logs it", async () => {
    const w = world({
      execute: () => {
        throw new Error('tools timed out');
      },
    });
    expect(await w.run('k', pendingOf(call('tool_a')))).toEqual([
      { toolCallId: 'call_tool_a', providerName: 'p_tool_a', ok: false, output: { error: 'tools timed out' } },
    ]);
    await settled();
    expect(w.toolCalls).toEqual([
      expect.objectContaining({ toolCallId: 'call_tool_a', outcome: 'error', error: 'tools timed out', ok: false }),
    ]);
  });

  it('records each call in the turn log with its input and output, leaving out an output too long to keep', async () => {
    const w = world({ execute: (body) => ({ ok: true, output: body.toolId === 'tool_big' ? 'x'.repeat(200_000) : 'short' }) });
    await w.run('k', pendingOf(call('tool_a', { input: { q: 1 } }), call('tool_big')));
    await settled();
    expect(w.toolCalls).toEqual([
      expect.objectContaining({ toolCallId: 'call_tool_a', outcome: 'ok', input: { q: 1 }, output: 'short' }),
      expect.not.objectContaining({ output: expect.anything() }),
    ]);
  });

  it('runs the calls once when the model call is retried: the results of the first attempt are reused', async () => {
    const w = world();
    const first = await w.run('run_1:call_tool_a', pendingOf(call('tool_a')));
    expect(await w.run('run_1:call_tool_a', pendingOf(call('tool_a')))).toBe(first);
    expect(w.rpc.bodiesTo(EXECUTE)).toHaveLength(1);
  });
});

describe('createToolCallActivities.runPendingToolCalls: sub-agents', () => {
  it('consults a sub-agent: it answers the question with its own prompt, and the consultation is logged', async () => {
    const w = world();
    const results = await w.run('k', pendingOf(call('subagent:consult:agt_expert', { input: { question: '¿Cuándo llega?' } })));
    expect(results[0]).toMatchObject({ ok: true, output: { answer: 'Llega el martes.', from: 'Experta' } });
    expect(JSON.stringify(w.consulted[0]!.prompt)).toContain('Sabes de envíos.');
    expect(JSON.stringify(w.consulted[0]!.prompt)).toContain('¿Cuándo llega?');
    expect(w.delegationsLogged).toEqual([expect.objectContaining({ kind: 'consult', subagentId: 'agt_expert', note: '¿Cuándo llega?' })]);
  });

  it('refuses a sub-agent that is gone or inactive, to the model, without asking it', async () => {
    const w = world({ agents: [{ ...expert, status: 'inactive' } as Agent] });
    const results = await w.run('k', pendingOf(call('subagent:consult:agt_expert'), call('subagent:delegate:agt_gone')));
    expect(results.map((r) => [r.ok, r.output])).toEqual([
      [false, { error: 'the sub-agent is not available' }],
      [false, { error: 'the sub-agent is not available' }],
    ]);
    expect(w.consulted).toEqual([]);
    expect(w.started).toEqual([]);
  });

  it("delegates the conversation: the delegation starts under this principal and the turn's setting is loaded again", async () => {
    const w = world();
    w.memos.settings.set(RUN_ID, {} as TurnSetting);
    const results = await w.run('k', pendingOf(call('subagent:delegate:agt_expert', { input: { reason: 'envíos' } })));
    expect(results[0]).toMatchObject({ ok: true, output: { delegated: true, to: 'Experta' } });
    expect(w.started).toEqual([['ws_1', 'conv_1', 'agt_1', 'agt_expert', 'envíos']]);
    expect(w.memos.settings.get(RUN_ID)).toBeUndefined();
    expect(w.delegationsLogged).toEqual([expect.objectContaining({ kind: 'delegate', note: 'envíos' })]);
  });

  it('completes the delegation: it ends, and the summary is logged naming the sub-agent that had it', async () => {
    const w = world({ delegation: { subagentId: 'agt_expert', principalAgentId: 'agt_1' } as Delegation });
    const results = await w.run('k', pendingOf(call('subagent:complete', { input: { summary: 'Envío resuelto' } })));
    expect(results[0]).toMatchObject({ ok: true, output: { completed: true, summary: 'Envío resuelto' } });
    expect(w.delegation()).toBeNull();
    expect(w.delegationsLogged).toEqual([
      expect.objectContaining({ kind: 'complete', subagentId: 'agt_expert', subagentName: 'Experta', note: 'Envío resuelto' }),
    ]);
  });
});

describe('createToolCallActivities.delegatedAgent', () => {
  const connection = { subagentId: 'agt_expert', task: 'delegate', completionCriteria: 'the shipment is sorted' } as SubagentConnection;
  const held = { subagentId: 'agt_expert', principalAgentId: 'agt_1' } as Delegation;

  it('is the sub-agent and its completion criteria while the delegation holds', async () => {
    const w = world({ delegation: held });
    expect(await w.activities.delegatedAgent('ws_1', 'conv_1', 'agt_1', held, [connection])).toEqual({
      agent: expert,
      completionCriteria: 'the shipment is sorted',
    });
    expect(w.delegation()).toBe(held);
  });

  it('ends the delegation and lets the principal answer when another principal made it, the connection went, or the sub-agent is inactive', async () => {
    const cases: [Delegation, SubagentConnection[], Agent[]][] = [
      [{ ...held, principalAgentId: 'agt_other' } as Delegation, [connection], [expert]],
      [held, [], [expert]],
      [held, [{ ...connection, task: 'assist' } as SubagentConnection], [expert]],
      [held, [connection], [{ ...expert, status: 'inactive' } as Agent]],
    ];
    for (const [delegation, connections, agents] of cases) {
      const w = world({ delegation, agents });
      expect(await w.activities.delegatedAgent('ws_1', 'conv_1', 'agt_1', delegation, connections)).toBeNull();
      expect(w.delegation()).toBeNull();
    }
  });

  it('is no one, touching nothing, without a delegation', async () => {
    const w = world();
    expect(await w.activities.delegatedAgent('ws_1', 'conv_1', 'agt_1', null, [connection])).toBeNull();
  });
});
