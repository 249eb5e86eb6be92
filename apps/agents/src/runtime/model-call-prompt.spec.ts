import type { RuntimeTool, TurnContext, TurnHistoryItem } from '@platica/contracts';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import { REQUEST_HUMAN_ASSISTANCE } from './built-in-tools';
import { memoryOf, modelCallPromptOf, toolCallContextOf, toolCallsOf, type PromptedTurn } from './model-call-prompt';
import { CONTEXT_SUMMARY_HEADING, NOTES_HEADING, RECALL_HEADING } from './turn-prompt';

const item = (id: string, role: TurnHistoryItem['role'], content: string): TurnHistoryItem => ({
  id,
  role,
  content,
  contentType: 'text',
  images: [],
  files: [],
  status: role === 'user' ? 'received' : 'sent',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, Number(id.slice(4)))).toISOString(),
});
const lookup: RuntimeTool = {
  toolId: 'tool_1',
  name: 'crm.lookup customer',
  description: 'Finds a customer',
  parameters: { type: 'object' },
};
const memory = {
  recallSummary: 'Asked about a refund last week.',
  contextSummary: 'Greeted; asked for prices.',
  summarizedUpTo: 'msg_1',
  summarizedUpToAt: new Date(Date.UTC(2026, 0, 1, 0, 1)),
} as ConversationMemory;
const turn = (fields: Partial<PromptedTurn> = {}): PromptedTurn => ({
  agent: {
    assistanceEnabled: false,
    assistanceTriggers: '',
    recallLastConversation: true,
    disableContextSummarization: false,
    readNotes: false,
  },
  speaker: { systemPrompt: 'Eres Sofía.', supportInformation: {}, enableFileAttachments: false, answerOnlyFromKnowledge: false },
  delegated: false,
  tools: [],
  history: [item('msg_1', 'user', 'hola'), item('msg_2', 'assistant', '¡Hola!'), item('msg_3', 'user', '¿precio?')],
  memory: null,
  readFiles: new Map(),
  ...fields,
});
const limits = { historyChars: 10_000, maxToolRounds: 2, allowPrivateNetworks: false };
const round = {
  messages: [{ role: 'assistant', content: [] }],
  results: [{ toolCallId: 'c1', providerName: 'p', ok: true, output: 'ok' }],
};

/** Prompt assembly (ARCHITECTURE.md › Agent runtime: what the model sees). */
describe('modelCallPromptOf', () => {
  it('is the speaker’s prompt and the history, with no tools when none is offered', () => {
    const prompt = modelCallPromptOf(turn(), 'Answer briefly', [], limits);
    expect(prompt.messages.map((message) => message.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(prompt.messages[1]).toEqual({ role: 'system', content: 'Additional instructions for this reply only:\nAnswer briefly' });
    expect(prompt.tools).toBeNull();
  });

  it('offers the catalog’s tools by the names the model sees, and human assistance unless a sub-agent answers', () => {
    const offered = modelCallPromptOf(turn({ tools: [lookup], agent: { ...turn().agent, assistanceEnabled: true } }), null, [], limits);
    expect(Object.keys(offered.tools!.tools)).toEqual([
      expect.stringMatching(/^crm_lookup_customer_[0-9a-f]{8}$/),
      REQUEST_HUMAN_ASSISTANCE,
    ]);
    expect(offered.tools!.toolChoice).toBe('auto');
    expect([...offered.byProviderName.values()]).toEqual([lookup]);
    const delegated = modelCallPromptOf(turn({ delegated: true, agent: { ...turn().agent, assistanceEnabled: true } }), null, [], limits);
    expect(delegated.tools).toBeNull();
  });

  it('follows the history with the tool rounds so far, and lets no tool be called once they reach their bound', () => {
    const prompt = modelCallPromptOf(turn({ tools: [lookup] }), null, [round, round], limits);
    expect(prompt.messages.slice(-4).map((message) => message.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
    expect(prompt.tools!.toolChoice).toBe('none');
  });

  it('puts the agent’s memory in the prompt and leaves out what the running summary stands in for', () => {
    const prompt = modelCallPromptOf(turn({ memory }), null, [], limits);
    expect(prompt.messages.slice(1, 3)).toEqual([
      { role: 'system', content: `${RECALL_HEADING}\n${memory.recallSummary}` },
      { role: 'system', content: `${CONTEXT_SUMMARY_HEADING}\n${memory.contextSummary}` },
    ]);
    expect(prompt.messages.slice(3).map((message) => message.role)).toEqual(['assistant', 'user']);
  });

  it('gives the model the private notes after the system prompt only when the agent reads notes', () => {
    const notes = [{ text: 'VIP: offer the 10% discount', createdAt: '2026-01-01T00:05:00.000Z' }];
    const off = modelCallPromptOf(turn({ notes }), null, [], limits);
    expect(JSON.stringify(off.messages)).not.toContain('VIP');
    const on = modelCallPromptOf(turn({ notes, agent: { ...turn().agent, readNotes: true } }), null, [], limits);
    expect(on.messages[1]).toEqual({
      role: 'system',
      content: `${NOTES_HEADING}\n- (2026-01-01T00:05:00.000Z) VIP: offer the 10% discount`,
    });
    expect(on.messages.slice(2).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });
});

describe('memoryOf', () => {
  it('lets in only what the agent’s settings ask for', () => {
    expect(memoryOf(turn().agent, null)).toEqual({});
    expect(memoryOf({ ...turn().agent, recallLastConversation: false, disableContextSummarization: true }, memory)).toEqual({
      recallSummary: null,
      contextSummary: null,
      summarizedUpTo: null,
    });
    expect(memoryOf(turn().agent, memory)).toEqual({
      recallSummary: memory.recallSummary,
      contextSummary: memory.contextSummary,
      summarizedUpTo: { id: 'msg_1', createdAt: '2026-01-01T00:01:00.000Z' },
    });
  });
});

describe('toolCallsOf', () => {
  it('maps the model’s calls back to catalog tools and drops calls of tools not offered', () => {
    const byProviderName = new Map([['crm_lookup', lookup]]);
    const calls = toolCallsOf(
      [
        { toolCallId: 'c1', toolName: 'crm_lookup', input: { id: 7 } },
        { toolCallId: 'c2', toolName: 'invented', input: {} },
        { toolCallId: 'c3', toolName: 'crm_lookup', input: 'not an object' },
      ],
      byProviderName,
    );
    expect(calls).toEqual([
      { toolCallId: 'c1', toolId: 'tool_1', name: 'crm.lookup customer', providerName: 'crm_lookup', input: { id: 7 } },
      { toolCallId: 'c3', toolId: 'tool_1', name: 'crm.lookup customer', providerName: 'crm_lookup', input: {} },
    ]);
  });
});

describe('toolCallContextOf', () => {
  it('names the conversation by its document and thread ids, the speaker and its principal, and the latest 50 non-system messages', () => {
    const history = [
      item('msg_0', 'system', 'instrucción'),
      ...Array.from({ length: 55 }, (_, i) => item(`msg_${i + 1}`, 'user', `m${i + 1}`)),
    ];
    const context = {
      conversation: { id: 'conv_1', conversationId: '5215550001', channelId: 'ch_1', platform: 'whatsapp' },
      client: { phoneNumber: null },
      history,
    } as unknown as TurnContext;
    const toolContext = toolCallContextOf('ws_1', context, { id: 'agt_sub', name: 'Billing' }, 'agt_main');
    expect(toolContext).toMatchObject({
      workspaceId: 'ws_1',
      conversationRef: 'conv_1',
      conversationId: '5215550001',
      channelId: 'ch_1',
      phoneNumber: '5215550001',
      agentId: 'agt_sub',
      agentName: 'Billing',
      principalAgentId: 'agt_main',
    });
    const messages = toolContext.messages as { content: string }[];
    expect(messages).toHaveLength(50);
    expect(messages[0].content).toBe('m6');
  });
});
