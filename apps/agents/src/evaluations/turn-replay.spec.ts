import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { RuntimeTool, TurnContext, TurnHistoryItem } from '@platica/contracts';
import type { RpcClient } from '@platica/platform';
import type { Agent } from '../agents/agent.entity';
import { consultToolId } from '../runtime/subagent-tools';
import { historyOfTurn, noTokensUsed, NOT_EXECUTED, replayCandidate, type TurnAsRecorded } from './turn-replay';

const item = (id: string, role: TurnHistoryItem['role'], seenUpTo?: string): TurnHistoryItem => ({
  id,
  role,
  content: id,
  contentType: 'text',
  images: [],
  files: [],
  status: role === 'user' ? 'received' : 'sent',
  createdAt: '2026-11-27T00:00:00.000Z',
  ...(seenUpTo ? { seenUpTo } : {}),
});

describe('historyOfTurn', () => {
  it('is what came before the reply', () => {
    const items = [
      item('u1', 'user'),
      item('r1', 'assistant', 'u1'),
      item('u2', 'user'),
      item('r2', 'assistant', 'u2'),
      item('u3', 'user'),
    ];
    expect(historyOfTurn(items, 3).map((i) => i.id)).toEqual(['u1', 'r1', 'u2']);
  });

  it("leaves out the customer's messages that arrived after what the turn saw", () => {
    const items = [item('u1', 'user'), item('u2', 'user'), item('r1', 'assistant', 'u1')];
    expect(historyOfTurn(items, 2).map((i) => i.id)).toEqual(['u1']);
  });

  it("puts last the customer's message stored in the instant before the previous reply", () => {
    const items = [item('u1', 'user'), item('u2', 'user'), item('r1', 'assistant', 'u1'), item('r2', 'assistant', 'r1')];
    expect(historyOfTurn(items, 3).map((i) => i.id)).toEqual(['u1', 'r1', 'u2']);
  });
});

describe('replayCandidate', () => {
  const orders: RuntimeTool = { toolId: 'tool_orders', name: 'orders', description: 'An order', parameters: { type: 'object' } };
  const ventas: RuntimeTool = {
    toolId: consultToolId('agt_ventas'),
    name: 'consult_ventas',
    description: 'Ask',
    parameters: { type: 'object' },
  };
  const agent = {
    id: 'agt_1',
    name: 'Sofía',
    systemPrompt: 'Eres Sofía. CANDIDATE',
    supportInformation: null,
    enableFileAttachments: false,
    assistanceEnabled: false,
    assistanceTriggers: '',
    waitMessage: '',
    recallLastConversation: false,
    disableContextSummarization: false,
    guardrails: { enabled: false, rules: [], message: '', conversationStrikeThreshold: 3, clientStrikeThreshold: 5 },
  } as unknown as Agent;
  const context = {
    conversation: { id: 'conv_1', conversationId: 'chat_1', workspaceId: 'ws_1', channelId: 'ch_1', platform: 'internal' },
    client: { phoneNumber: null },
    history: [item('u1', 'user')],
  } as unknown as TurnContext;
  const turn: TurnAsRecorded = {
    context,
    customerText: 'u1',
    recorded: { reply: 'r', toolCalls: [], guardrailViolation: false, assistanceRequested: false, delegations: [] },
  };

  /** A model answering with each of `answers` in turn (tool calls, then a text), recording the prompts it was given. */
  function scripted(answers: ({ calls: { name: string; input: Record<string, unknown> }[] } | { text: string })[]) {
    const prompts: LanguageModelV4CallOptions['prompt'][] = [];
    const model: LanguageModelV4 = {
      specificationVersion: 'v4',
      provider: 'test',
      modelId: 'scripted',
      supportedUrls: {},
      doGenerate: (options) => {
        prompts.push(options.prompt);
        const answer = answers[prompts.length - 1]!;
        const usage = {
          inputTokens: { total: 7, noCache: 7, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 3, text: 3, reasoning: 0 },
        };
        return Promise.resolve(
          'text' in answer
            ? { content: [{ type: 'text', text: answer.text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
            : {
                content: answer.calls.map((call, index) => ({
                  type: 'tool-call' as const,
                  toolCallId: `call_${prompts.length}_${index}`,
                  toolName: call.name,
                  input: JSON.stringify(call.input),
                })),
                finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
                usage,
                warnings: [],
              },
        );
      },
      doStream: () => {
        throw new Error('not streamed');
      },
    };
    return { model, prompts };
  }

  /** The tool results the model was given in its last prompt, as text. */
  const resultsIn = (prompt: LanguageModelV4CallOptions['prompt']) =>
    prompt.flatMap((message) =>
      message.role === 'tool'
        ? message.content.flatMap((part) => (part.type === 'tool-result' && part.output.type === 'text' ? [part.output.value] : []))
        : [],
    );

  it('answers a recorded call with its recorded result, notes a consultation without making it, dry-runs a new call', async () => {
    const { model, prompts } = scripted([
      {
        calls: [
          { name: 'orders', input: { order: '123' } },
          { name: 'consult_ventas', input: { question: '¿precio?' } },
          { name: 'orders', input: { order: '999' } },
        ],
      },
      { text: 'Listo' },
    ]);
    const executed: Record<string, unknown>[] = [];
    const rpc = {
      call: (_operation: unknown, envelope: { body: Record<string, unknown> }) => {
        executed.push(envelope.body);
        return Promise.resolve({ ok: true, outcome: 'success', httpStatus: null, durationMs: 0, output: { notExecuted: NOT_EXECUTED } });
      },
    } as unknown as RpcClient;
    const used = noTokensUsed();
    const recorded = [
      {
        toolCallId: 'c1',
        name: 'orders',
        outcome: 'ok' as const,
        durationMs: 5,
        error: null,
        at: '',
        input: { order: '123' },
        ok: true,
        output: { estado: 'enviado' },
      },
    ];
    const behaviour = await replayCandidate(
      turn,
      recorded,
      {
        agent,
        tools: [orders, ventas],
        allowedTerms: new Set(),
        model,
        limits: { historyChars: 10_000, maxToolRounds: 3, allowPrivateNetworks: false },
      },
      { rpc, workspaceId: 'ws_1', subagentName: async (id) => (id === 'agt_ventas' ? 'Ventas' : null) },
      used,
      { cancelled: new AbortController().signal, modelTimeoutMs: 10_000 },
    );
    expect(behaviour).toEqual({
      reply: 'Listo',
      toolCalls: [
        { name: 'orders', arguments: { order: '123' } },
        { name: 'consult_ventas', arguments: { question: '¿precio?' } },
        { name: 'orders', arguments: { order: '999' } },
      ],
      guardrailViolation: false,
      assistanceRequested: false,
      delegations: [{ kind: 'consult', subagent: 'Ventas' }],
    });
    expect(executed).toEqual([expect.objectContaining({ toolId: 'tool_orders', arguments: { order: '999' }, dryRun: true })]);
    const results = resultsIn(prompts[1]!);
    expect(results[0]).toBe('{"estado":"enviado"}');
    expect(results[1]).toContain(NOT_EXECUTED);
    expect(results[2]).toContain(NOT_EXECUTED);
    expect(used.tokens).toBe(20);
  });

  describe('with a knowledge base connected', () => {
    const faq: RuntimeTool = {
      toolId: 'kb_1',
      name: 'knowledge_faq',
      description: 'Search the FAQ',
      parameters: { type: 'object' },
      kind: 'knowledge',
    };
    const searched = (results: { chunkId: string; title: string; text: string }[]) => {
      const executed: Record<string, unknown>[] = [];
      const rpc = {
        call: (_operation: unknown, envelope: { body: Record<string, unknown> }) => {
          executed.push(envelope.body);
          const output = { retrieved: results.map((r) => r.chunkId), results: results.map((r) => ({ ...r, url: null })) };
          return Promise.resolve({ ok: true, outcome: 'success', httpStatus: null, durationMs: 3, output });
        },
      } as unknown as RpcClient;
      return { rpc, executed };
    };
    const replay = (candidateAgent: Agent, model: LanguageModelV4, rpc: RpcClient, recorded: Parameters<typeof replayCandidate>[1] = []) =>
      replayCandidate(
        turn,
        recorded,
        {
          agent: candidateAgent,
          tools: [faq],
          allowedTerms: new Set(),
          model,
          limits: { historyChars: 10_000, maxToolRounds: 3, allowPrivateNetworks: false },
        },
        { rpc, workspaceId: 'ws_1', subagentName: async () => null },
        noTokensUsed(),
        { cancelled: new AbortController().signal, modelTimeoutMs: 10_000 },
      );

    it('searches the bases as they are now, even for a call the recorded turn made, and numbers the passages to cite', async () => {
      const { model, prompts } = scripted([
        { calls: [{ name: 'knowledge_faq', input: { query: 'envíos' } }] },
        { text: 'En 3 a 5 días [1].' },
      ]);
      const { rpc, executed } = searched([{ chunkId: 'kc_new', title: 'FAQ › Envíos', text: 'Llegan en 3 a 5 días.' }]);
      const recordedSearch = {
        toolCallId: 'c1',
        name: 'knowledge_faq',
        outcome: 'ok' as const,
        durationMs: 5,
        error: null,
        at: '',
        input: { query: 'envíos' },
        ok: true,
        output: { retrieved: ['kc_old'], results: [{ chunkId: 'kc_old', title: 'FAQ', url: null, text: 'Llegan en 10 días.' }] },
      };
      const behaviour = await replay(agent, model, rpc, [recordedSearch]);
      expect(executed).toEqual([expect.objectContaining({ toolId: 'kb_1', arguments: { query: 'envíos' }, dryRun: true })]);
      const [result] = resultsIn(prompts[1]!);
      expect(JSON.parse(result!).results).toEqual([
        { cite: '[1]', chunkId: 'kc_new', title: 'FAQ › Envíos', url: null, text: 'Llegan en 3 a 5 días.' },
      ]);
      expect(behaviour).toMatchObject({ reply: 'En 3 a 5 días [1].', assistanceRequested: false });
    });

    it('says it does not know, and asks for a person, when the agent answers only from knowledge and nothing matched', async () => {
      const strict = {
        ...agent,
        answerOnlyFromKnowledge: true,
        unknownAnswerMessage: 'No tengo esa información.',
        assistanceEnabled: true,
        waitMessage: 'Te comunico con una persona.',
      } as Agent;
      const { model, prompts } = scripted([
        { calls: [{ name: 'knowledge_faq', input: { query: 'horario' } }] },
        { text: 'Abrimos de 9 a 18.' },
      ]);
      const behaviour = await replay(strict, model, searched([]).rpc);
      expect(behaviour).toMatchObject({ reply: 'No tengo esa información. Te comunico con una persona.', assistanceRequested: true });
      // The model was told to answer only from the passages, after the system prompt.
      expect(prompts[0]![1]).toMatchObject({ role: 'system', content: expect.stringContaining('Answer only from the passages') });
    });
  });
});
