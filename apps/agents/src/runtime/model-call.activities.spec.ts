import { APICallError, type LanguageModelV4CallOptions, type LanguageModelV4Content } from '@ai-sdk/provider';
import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { MockLanguageModelV4 } from 'ai/test';
import type { Guardrails, RuntimeTool, TurnContext, TurnHistoryItem, TurnLogKnowledge, TurnReplyRequest } from '@platica/contracts';
import { strict } from '@platica/testing/test-service';
import { installationModel } from '../models/fallback-model';
import { MODEL_REFUSED, type GeneratedReply, type ModelCallQueued } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import type { AcceptanceActivities } from './acceptance.activities';
import { DEFAULT_WAIT_MESSAGE, REQUEST_HUMAN_ASSISTANCE } from './built-in-tools';
import { CITE_PASSAGES, NOT_IN_KNOWLEDGE } from './knowledge-answers';
import type { DeliveryActivities } from './delivery.activities';
import { createGuardrailChecks } from './guardrails.activities';
import { createModelCallActivities } from './model-call.activities';
import type { ToolCallActivities } from './tool-calls.activities';
import type { GenerateReplyInput, TurnDeps } from './turn-deps';
import { TurnMemos } from './turn-memos';
import type { TurnSetting, TurnSettingLoader } from './turn-setting';

function item(id: string, role: TurnHistoryItem['role'], content: string): TurnHistoryItem {
  return { id, role, content, contentType: 'text', images: [], files: [], status: 'sent', createdAt: '2026-01-01T00:00:00.000Z' };
}

const lookup: RuntimeTool = { toolId: 'tool_1', name: 'crm.lookup', description: 'Finds a customer', parameters: { type: 'object' } };
const guardrailsOff: Guardrails = { enabled: false, rules: [], message: '', conversationStrikeThreshold: 3, clientStrikeThreshold: 5 };

const agent = {
  id: 'agt_1',
  workspaceId: 'ws_1',
  systemPrompt: 'Eres Sofía.',
  supportInformation: {},
  enableFileAttachments: false,
  assistanceEnabled: true,
  assistanceTriggers: '',
  recallLastConversation: false,
  disableContextSummarization: true,
  waitMessage: '  Un momento, te paso con una persona.  ',
  answerOnlyFromKnowledge: false,
  unknownAnswerMessage: '',
  workingMessage: { enabled: false },
  guardrails: guardrailsOff,
} as unknown as Agent;

/** What the model answers each call: text, or tool calls by the names it was offered. */
type Answer = { text?: string; calls?: { name: string | ((offered: string[]) => string); input: object }[] } | Error;

/**
 * The generateReply activity over a model answering `answers` in turn, a turn setting of the
 * agent (or `silent`), messaging storing replies (failing the first `storeFailures` times),
 * and a chat acceptance answering `accepted` or refusing.
 */
function world(options: {
  answers: Answer[];
  silent?: boolean;
  storeFailures?: number;
  guardrails?: Guardrails;
  refused?: boolean;
  agent?: Partial<Agent>;
  /** Who answers, when not the agent as it is above. */
  speaker?: Partial<Agent>;
  tools?: RuntimeTool[];
  /** The workspace's model calls are at their bound: the call is queued. */
  full?: boolean;
}) {
  const modelCalls: LanguageModelV4CallOptions[] = [];
  const answers = [...options.answers];
  const model = new MockLanguageModelV4({
    modelId: 'agent-model',
    doGenerate: async (call: LanguageModelV4CallOptions) => {
      modelCalls.push(call);
      const answer = answers.shift() ?? { text: 'extra' };
      if (answer instanceof Error) throw answer;
      const offered = (call.tools ?? []).map((t) => t.name);
      const content: LanguageModelV4Content[] = [
        ...(answer.text !== undefined ? [{ type: 'text' as const, text: answer.text }] : []),
        ...(answer.calls ?? []).map((c, i) => ({
          type: 'tool-call' as const,
          toolCallId: `call_${i}`,
          toolName: typeof c.name === 'string' ? c.name : c.name(offered),
          input: JSON.stringify(c.input),
        })),
      ];
      return {
        content,
        finishReason: answer.calls ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const stored: TurnReplyRequest[] = [];
  let storeFailures = options.storeFailures ?? 0;
  const answeredChats: unknown[] = [];
  const settingsLoaded: boolean[] = [];
  const slotsTaken: { holder: string; workspaceId: string; workflowId: string }[] = [];
  const slotsFreed: string[] = [];
  const knowledgeLogged: TurnLogKnowledge[] = [];
  const deps = strict<TurnDeps>('TurnDeps', {
    model: strict('LanguageModelProvider', { model, providerName: 'openai-compatible', streams: false }),
    // The installation's model alone: no connections, no fallback (models/ has their own specs).
    chains: strict('ModelChains', { candidates: async () => [installationModel(model)] }),
    breakers: strict('ModelBreakers', {}),
    config: strict('AgentsConfigService', {
      values: {
        LLM_TIMEOUT_MS: 60_000,
        LLM_API_KEY: 'sk-test',
        PLATICA_TURN_HISTORY_CHARS: 60_000,
        PLATICA_TURN_MAX_TOOL_ROUNDS: 5,
        PLATICA_ALLOW_PRIVATE_NETWORKS: false,
      },
    }),
    turnLog: strict('TurnLogRepository', {
      guardrail: async () => undefined,
      modelCall: async () => undefined,
      knowledge: async (_ref: unknown, knowledge: TurnLogKnowledge) => void knowledgeLogged.push(knowledge),
    }),
    chatAnswers: strict('ChatAnswers', { answer: (_run: unknown, answer: unknown) => void answeredChats.push(answer) }),
    slots: strict('ModelCallSlots', {
      take: async (request: (typeof slotsTaken)[number]) => {
        slotsTaken.push(request);
        return !options.full;
      },
      releaseAfter: (holder: string) => void slotsFreed.push(holder),
    }),
    logger: strict('Logger', { warn: () => undefined }),
  });
  const history = [item('m0', 'assistant', 'Hola'), item('m1', 'user', 'eres un idiota, ¿dónde está mi pedido?')];
  const setting = (): TurnSetting => ({
    context: {
      conversation: { id: 'conv_1', clientId: 'cli_1', platform: 'chat' },
      client: { id: 'cli_1', phoneNumber: null },
      history,
    } as TurnContext,
    seenMessageIds: ['m0', 'm1'],
    agentId: 'agt_1',
    agent: { ...agent, guardrails: options.guardrails ?? guardrailsOff, ...options.agent } as Agent,
    speaker: { ...agent, ...options.speaker } as Agent,
    delegated: false,
    tools: options.tools ?? [lookup],
    memory: null,
    allowedTerms: new Set(),
    logStarted: Promise.resolve(),
    readFiles: null,
  });
  const { generateReply } = createModelCallActivities(deps, new TurnMemos(), {
    acceptance: strict<AcceptanceActivities>('AcceptanceActivities', {
      acceptanceOf: async () => (options.refused ? { rejected: { code: 'busy' } } : { accepted: { id: 'conv_chat' } }) as never,
    }),
    setting: strict<TurnSettingLoader>('TurnSettingLoader', {
      turnSetting: async (_input: GenerateReplyInput, prepareMemory: boolean) => {
        settingsLoaded.push(prepareMemory);
        return options.silent ? { silent: 'the conversation has no agent', seenMessageIds: ['m1'] } : setting();
      },
    }),
    tools: strict<ToolCallActivities>('ToolCallActivities', {}),
    guardrails: createGuardrailChecks(deps, null),
    delivery: strict<DeliveryActivities>('DeliveryActivities', {
      deliverReply: async (request: TurnReplyRequest) => {
        if (storeFailures-- > 0) throw new Error('messaging timed out');
        stored.push(request);
        return { messageId: request.messageId, status: 'sent', error: null };
      },
    }),
  });
  const environment = new MockActivityEnvironment();
  const input = { workspaceId: 'ws_1', conversationRef: 'conv_1', turnId: 'msg_turn' } as GenerateReplyInput;
  const run = (fields: Partial<GenerateReplyInput> = {}) =>
    environment.run<[GenerateReplyInput], GeneratedReply | ModelCallQueued, typeof generateReply>(generateReply, {
      ...input,
      ...fields,
    } as GenerateReplyInput);
  // Queued only where a test fills the bound (`full`).
  const reply = (fields: Partial<GenerateReplyInput> = {}) => run(fields) as Promise<GeneratedReply>;
  return { reply, run, modelCalls, stored, answeredChats, settingsLoaded, slotsTaken, slotsFreed, knowledgeLogged };
}

describe('createModelCallActivities.generateReply: what the model answered', () => {
  it("answers with the model's text, trimmed, as the speaker, naming the messages the turn saw", async () => {
    const w = world({ answers: [{ text: '  Tu pedido llega mañana.  ' }] });
    expect(await w.reply()).toEqual({ agentId: 'agt_1', text: 'Tu pedido llega mañana.', seenMessageIds: ['m0', 'm1'] });
    const prompt = JSON.stringify(w.modelCalls[0]!.prompt);
    expect(prompt).toContain('Eres Sofía.');
    expect(prompt).toContain('¿dónde está mi pedido?');
  });

  it("hands the catalog's tool calls back to the workflow, with the context they run in", async () => {
    const w = world({ answers: [{ calls: [{ name: (offered) => offered.find((n) => n.startsWith('crm_lookup'))!, input: { q: 'x' } }] }] });
    const reply = await w.reply();
    expect(reply).toMatchObject({
      agentId: 'agt_1',
      toolCalls: [{ toolCallId: 'call_0', toolId: 'tool_1', input: { q: 'x' } }],
      context: expect.objectContaining({ workspaceId: 'ws_1', agentId: 'agt_1' }),
      workingMessage: null,
      seenMessageIds: ['m0', 'm1'],
    });
    expect(reply).toHaveProperty('messages', [expect.objectContaining({ role: 'assistant' })]);
  });

  it("asks for a human with the agent's wait message and the model's reason, dropping the answer's other tool calls", async () => {
    const w = world({
      answers: [
        {
          calls: [
            { name: (offered) => offered.find((n) => n.startsWith('crm_lookup'))!, input: {} },
            { name: REQUEST_HUMAN_ASSISTANCE, input: { reason: 'wants a refund' } },
          ],
        },
      ],
    });
    expect(await w.reply()).toEqual({
      agentId: 'agt_1',
      text: 'Un momento, te paso con una persona.',
      assistance: { reason: 'wants a refund' },
      seenMessageIds: ['m0', 'm1'],
    });
  });

  it('asks for a human with the default wait message when the agent has none', async () => {
    const w = world({ answers: [{ calls: [{ name: REQUEST_HUMAN_ASSISTANCE, input: {} }] }], agent: { waitMessage: ' ' } });
    expect(await w.reply()).toMatchObject({ text: DEFAULT_WAIT_MESSAGE, assistance: { reason: '' } });
  });

  describe('with a knowledge base connected', () => {
    const faq: RuntimeTool = {
      toolId: 'kb_1',
      name: 'knowledge_faq',
      description: 'FAQ',
      parameters: { type: 'object' },
      kind: 'knowledge',
    };
    const chunk = (id: string) => ({ chunkId: id, title: `FAQ › ${id}`, url: null });
    /** The round in which the model searched the FAQ and got two passages. */
    const searched = {
      toolRounds: [
        {
          messages: [
            {
              role: 'assistant',
              content: [{ type: 'tool-call', toolCallId: 'call_k', toolName: 'knowledge_faq', input: { query: 'envío' } }],
            },
          ],
          results: [
            {
              toolCallId: 'call_k',
              providerName: 'knowledge_faq',
              ok: true,
              output: {
                retrieved: ['kc_1', 'kc_2'],
                results: [
                  { ...chunk('kc_1'), text: 'Llega en 3 días.' },
                  { ...chunk('kc_2'), text: 'Devoluciones: 30 días.' },
                ],
              },
            },
          ],
        },
      ],
    };

    it('numbers the passages for the model, tells it to cite them, and logs what the reply retrieved and cited', async () => {
      const w = world({ answers: [{ text: 'Llega en 3 días [1].' }], tools: [faq] });
      expect(await w.reply(searched)).toMatchObject({ text: 'Llega en 3 días [1].' });
      const prompt = JSON.stringify(w.modelCalls[0]!.prompt);
      expect(prompt).toContain(JSON.stringify(CITE_PASSAGES).slice(1, -1));
      expect(prompt).toContain('\\"cite\\":\\"[2]\\"');
      expect(w.knowledgeLogged).toEqual([{ retrieved: [chunk('kc_1'), chunk('kc_2')], cited: [chunk('kc_1')], unknown: false }]);
    });

    it('answering only from knowledge, replaces a reply citing nothing by its sentence and asks for a person (assistance on)', async () => {
      const w = world({
        answers: [{ text: 'Abrimos de 9 a 18.' }],
        tools: [faq],
        speaker: { answerOnlyFromKnowledge: true, unknownAnswerMessage: 'No tengo esa información.' },
      });
      expect(await w.reply(searched)).toEqual({
        agentId: 'agt_1',
        text: 'No tengo esa información. Un momento, te paso con una persona.',
        assistance: { reason: NOT_IN_KNOWLEDGE },
        seenMessageIds: ['m0', 'm1'],
      });
      expect(w.knowledgeLogged).toEqual([{ retrieved: [chunk('kc_1'), chunk('kc_2')], cited: [], unknown: true }]);
      expect(JSON.stringify(w.modelCalls[0]!.prompt)).toContain('Answer only from the passages');
    });
  });

  it('drops a tool call of a tool the model was not offered, and fails a turn left with no text', async () => {
    const w = world({ answers: [{ text: ' ', calls: [{ name: 'delete_everything', input: {} }] }] });
    await expect(w.reply()).rejects.toThrow('the model answered with no text');
  });

  it('answers a guardrail violation without asking the model', async () => {
    const guardrails: Guardrails = { ...guardrailsOff, enabled: true, message: 'Sin insultos, por favor.' };
    const w = world({ answers: [{ text: 'never asked' }], guardrails });
    expect(await w.reply()).toMatchObject({ text: 'Sin insultos, por favor.', guardrail: { source: 'lexicon' } });
    expect(w.modelCalls).toEqual([]);
  });

  it('passes a silent setting on (the turn answers nothing), without asking the model', async () => {
    const w = world({ answers: [], silent: true });
    expect(await w.reply()).toEqual({ silent: 'the conversation has no agent', seenMessageIds: ['m1'] });
    expect(w.modelCalls).toEqual([]);
  });

  it("prepares memory only when asked to, on the turn's first call", async () => {
    const w = world({ answers: [{ text: 'a' }, { text: 'b' }] });
    await w.reply({ prepareMemory: true });
    await w.reply();
    expect(w.settingsLoaded).toEqual([true, false]);
  });
});

describe('createModelCallActivities.generateReply: failures', () => {
  it('fails for good, as a refused request, when the provider refuses it (a bad key fails every attempt alike)', async () => {
    const refused = new APICallError({
      message: 'Incorrect API key provided',
      url: 'https://llm.test/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 401,
    });
    const w = world({ answers: [refused] });
    const failure = await w.reply().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: MODEL_REFUSED, nonRetryable: true });
  });

  it("leaves the provider's passing failures (503) to Temporal's retries", async () => {
    const unavailable = new APICallError({
      message: 'Service Unavailable',
      url: 'https://llm.test/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 503,
    });
    const w = world({ answers: [unavailable] });
    const failure = await w.reply().catch((error: unknown) => error);
    expect(failure).not.toMatchObject({ nonRetryable: true });
  });
});

describe('createModelCallActivities.generateReply: storing the reply', () => {
  it('stores the reply through messaging, answers the chat waiting for it, and returns it stored', async () => {
    const w = world({ answers: [{ text: 'Listo.' }] });
    const reply = await w.reply({ storeReply: true });
    expect(w.stored).toEqual([
      { workspaceId: 'ws_1', conversationRef: 'conv_1', messageId: 'msg_turn', agentId: 'agt_1', content: 'Listo.', seenUpTo: 'm1' },
    ]);
    expect(reply).toMatchObject({ text: 'Listo.', stored: { messageId: 'msg_turn', status: 'sent' } });
    expect(w.answeredChats).toEqual([{ messageId: 'msg_turn', status: 'sent', error: null }]);
  });

  it('stores, on the retry of a failed store, the reply the model already wrote, without asking it again', async () => {
    const w = world({ answers: [{ text: 'Primera.' }, { text: 'Segunda.' }], storeFailures: 1 });
    await expect(w.reply({ storeReply: true })).rejects.toThrow('messaging timed out');
    expect(await w.reply({ storeReply: true })).toMatchObject({ text: 'Primera.' });
    expect(w.modelCalls).toHaveLength(1);
    expect(w.stored.map((s) => s.content)).toEqual(['Primera.']);
  });

  it('stores nothing without storeReply, nor a request for tools', async () => {
    const w = world({ answers: [{ text: 'a' }, { calls: [{ name: (offered) => offered[0]!, input: {} }] }] });
    await w.reply();
    await w.reply({ storeReply: true });
    expect(w.stored).toEqual([]);
  });
});

describe('createModelCallActivities.generateReply: a chat request', () => {
  it('answers in the thread its acceptance named', async () => {
    const w = world({ answers: [{ text: 'Hola.' }] });
    await w.reply({ storeReply: true, acceptance: { workspaceId: 'ws_1' } as GenerateReplyInput['acceptance'] });
    expect(w.stored).toEqual([expect.objectContaining({ conversationRef: 'conv_chat' })]);
  });

  it('answers nothing, silently, when the acceptance was refused', async () => {
    const w = world({ answers: [{ text: 'Hola.' }], refused: true });
    const reply = await w.reply({ acceptance: { workspaceId: 'ws_1' } as GenerateReplyInput['acceptance'] });
    expect(reply).toEqual({ silent: 'the chat request was refused', seenMessageIds: [] });
    expect(w.modelCalls).toEqual([]);
  });
});

describe('createModelCallActivities.generateReply: its slot among the model calls in flight', () => {
  it("asks for the call's slot under its workspace, and frees it once the model has answered", async () => {
    const w = world({ answers: [{ text: 'Listo.' }] });
    await w.reply({ toolRounds: [] });
    expect(w.slotsTaken).toEqual([
      { workspaceId: 'ws_1', workflowId: expect.any(String), holder: expect.stringContaining('/msg_turn/0'), answerAwaited: false },
    ]);
    expect(w.slotsFreed).toEqual([w.slotsTaken[0]!.holder]);
  });

  it("asks ahead of its workspace's customers' turns for a chat turn, whose reply a client awaits", async () => {
    const w = world({ answers: [{ text: 'Listo.' }] });
    await w.reply({ toolRounds: [], storeReply: true });
    expect(w.slotsTaken).toEqual([expect.objectContaining({ answerAwaited: true })]);
  });

  it('answers queued without asking the model when the bound is reached, holding nothing', async () => {
    const w = world({ answers: [{ text: 'Listo.' }], full: true });
    expect(await w.run()).toEqual({ queued: true });
    expect(w.modelCalls).toHaveLength(0);
    expect(w.slotsFreed).toEqual([]);
  });

  it('frees the slot of a call that failed, for its retry to ask again', async () => {
    const w = world({ answers: [new Error('socket hang up')] });
    await expect(w.reply()).rejects.toThrow('socket hang up');
    expect(w.slotsFreed).toEqual([w.slotsTaken[0]!.holder]);
  });

  it('names a later round of the same turn as another call', async () => {
    const w = world({ answers: [{ text: 'a' }, { text: 'b' }] });
    await w.reply();
    await w.reply({ toolRounds: [{ messages: [], results: [] }] });
    expect(w.slotsTaken.map((slot) => slot.holder.split('/').slice(-1)[0])).toEqual(['0', '1']);
  });
});
