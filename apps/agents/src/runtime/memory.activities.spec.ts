import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockActivityEnvironment } from '@temporalio/testing';
import { MockLanguageModelV4 } from 'ai/test';
import { internalOperations, type PreviousConversation, type TurnContext, type TurnHistoryItem } from '@platica/contracts';
import { FakeRpcClient, strict } from '@platica/testing/test-service';
import { installationModel } from '../models/fallback-model';
import type { Agent } from '../agents/agent.entity';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import type { TurnRef } from '../turn-log/turn-log.repository';
import { createMemoryActivities } from './memory.activities';
import type { TurnDeps } from './turn-deps';

const PREVIOUS = internalOperations.messaging.turnPrevious.subject;
const ref: TurnRef = { turnId: 'msg_turn', workspaceId: 'ws_1', conversationRef: 'conv_now' };

/** A conversation's message, `n` minutes into the day. */
function item(id: string, role: TurnHistoryItem['role'], n: number, fields: Partial<TurnHistoryItem> = {}): TurnHistoryItem {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return { id, role, content: `${role} says ${id}`, contentType: 'text', images: [], files: [], status: 'sent', createdAt, ...fields };
}

/** `count` messages, customer and agent in turns, each reply having seen the message before it. */
function exchange(count: number): TurnHistoryItem[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 ? item(`m${i}`, 'assistant', i, { seenUpTo: `m${i - 1}` }) : item(`m${i}`, 'user', i),
  );
}

function agentWith(fields: Partial<Agent> = {}): Agent {
  return { id: 'agt_1', workspaceId: 'ws_1', recallLastConversation: false, disableContextSummarization: false, ...fields } as Agent;
}

function contextOf(history: TurnHistoryItem[]): TurnContext {
  return { conversation: { id: 'conv_now' }, history } as TurnContext;
}

/**
 * The memory activities over a summariser answering `summary` (or failing), messaging's
 * previous conversation, and memories and a turn log in memory; bounds are the config's.
 */
function world(options: { previous?: PreviousConversation; summary?: string; modelFails?: boolean; bound?: number; recent?: number } = {}) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    modelId: 'summariser',
    doGenerate: async (call: LanguageModelV4CallOptions) => {
      prompts.push(JSON.stringify(call.prompt));
      if (options.modelFails) throw new Error('the provider answered 503');
      return {
        content: [{ type: 'text', text: options.summary ?? ' The customer wants a refund. ' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const rpc = new FakeRpcClient().answer(PREVIOUS, () => options.previous ?? { conversationRef: null, history: [] });
  const stored = new Map<string, Partial<ConversationMemory>>();
  const recalls: unknown[] = [];
  const contextSummaries: unknown[] = [];
  const summaries: unknown[] = [];
  const warnings: unknown[] = [];
  const deps = strict<TurnDeps>('TurnDeps', {
    rpc,
    model: strict('LanguageModelProvider', { model, providerName: 'openai-compatible' }),
    // The installation's model alone: no connections, no fallback (models/ has their own specs).
    chains: strict('ModelChains', { candidates: async () => [installationModel(model)] }),
    breakers: strict('ModelBreakers', {}),
    config: strict('AgentsConfigService', {
      values: {
        LLM_TIMEOUT_MS: 60_000,
        LLM_API_KEY: 'sk-test',
        PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES: options.bound ?? 6,
        PLATICA_CONTEXT_RECENT_MESSAGES: options.recent ?? 2,
      },
    }),
    memories: strict('ConversationMemoryRepository', {
      find: async (_workspaceId: string, conversationRef: string) => (stored.get(conversationRef) ?? null) as ConversationMemory | null,
      saveRecall: async (workspaceId: string, conversationRef: string, recall: unknown) => {
        recalls.push({ workspaceId, conversationRef, recall });
        stored.set(conversationRef, { ...stored.get(conversationRef), recallChecked: true });
      },
      saveContextSummary: async (workspaceId: string, conversationRef: string, summary: string, upTo: unknown, folded: number) => {
        contextSummaries.push({ workspaceId, conversationRef, summary, upTo, folded });
        stored.set(conversationRef, { ...stored.get(conversationRef), contextSummary: summary });
      },
    }),
    turnLog: strict('TurnLogRepository', {
      start: async () => undefined,
      summary: async (_ref: TurnRef, summary: unknown) => void summaries.push(summary),
      modelCall: async () => undefined,
    }),
    logger: strict('Logger', { warn: (entry: unknown) => void warnings.push(entry) }),
  });
  const { rememberQuietly } = createMemoryActivities(deps);
  const remember = (context: TurnContext, agent: Agent, memory: ConversationMemory | null = null) =>
    new MockActivityEnvironment().run(rememberQuietly, ref, context, agent, memory);
  return { remember, rpc, stored, recalls, contextSummaries, summaries, warnings, prompts };
}

describe('createMemoryActivities.rememberQuietly: recall of the last conversation', () => {
  const previous: PreviousConversation = {
    conversationRef: 'conv_before',
    history: [
      item('p1', 'user', 1, { content: 'My order 1234 never came' }),
      item('p2', 'assistant', 2, { content: 'it will not go out', status: 'failed' }),
      item('p3', 'assistant', 3, { content: '', status: 'sent' }),
    ],
  };

  it("summarises the client's previous conversation once, keeps the summary with this one and logs it", async () => {
    const w = world({ previous });
    const memory = await w.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: true }));
    expect(w.rpc.bodiesTo(PREVIOUS)).toEqual([{ workspaceId: 'ws_1', conversationRef: 'conv_now', agentId: 'agt_1' }]);
    expect(w.recalls).toEqual([
      {
        workspaceId: 'ws_1',
        conversationRef: 'conv_now',
        recall: { conversationRef: 'conv_before', summary: 'The customer wants a refund.' },
      },
    ]);
    // Only what was said reached the summariser: the failed reply and the empty one never went out.
    expect(w.prompts).toHaveLength(1);
    expect(w.prompts[0]).toContain('Customer: My order 1234 never came');
    expect(w.prompts[0]).not.toContain('it will not go out');
    expect(w.summaries).toEqual([expect.objectContaining({ kind: 'recall', conversationId: 'conv_before', messageCount: 1 })]);
    expect(memory).toEqual(w.stored.get('conv_now'));
  });

  it('continues the running summary the previous conversation kept', async () => {
    const w = world({ previous });
    w.stored.set('conv_before', { contextSummary: 'Earlier: the customer moved to Lima.' });
    await w.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: true }));
    expect(w.prompts[0]).toContain('Earlier: the customer moved to Lima.');
  });

  it('records that there was nothing to recall, without calling the model, when the client has no earlier conversation or said nothing in it', async () => {
    const none = world();
    await none.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: true }));
    const silent = world({ previous: { conversationRef: 'conv_before', history: [previous.history[1]!] } });
    await silent.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: true }));
    for (const w of [none, silent]) {
      expect(w.recalls).toEqual([{ workspaceId: 'ws_1', conversationRef: 'conv_now', recall: null }]);
      expect(w.prompts).toEqual([]);
    }
  });

  it('never looks again once the recall was checked, nor for an agent without recall', async () => {
    const checked = world({ previous });
    await checked.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: true }), {
      recallChecked: true,
    } as ConversationMemory);
    const off = world({ previous });
    await off.remember(contextOf(exchange(1)), agentWith({ recallLastConversation: false }));
    for (const w of [checked, off]) {
      expect(w.rpc.calls).toEqual([]);
      expect(w.recalls).toEqual([]);
    }
  });
});

describe('createMemoryActivities.rememberQuietly: context summarisation', () => {
  it('folds all but the latest messages into the running summary once more than the bound follow it', async () => {
    const w = world({ bound: 6, recent: 2 });
    const history = [...exchange(8), item('m8', 'user', 8)];
    await w.remember(contextOf(history), agentWith());
    // 9 messages past no summary: all but the 2 latest would fold, but m8 is unanswered and stays verbatim.
    expect(w.contextSummaries).toEqual([
      {
        workspaceId: 'ws_1',
        conversationRef: 'conv_now',
        summary: 'The customer wants a refund.',
        upTo: { id: 'm6', createdAt: new Date(history[6]!.createdAt) },
        folded: 7,
      },
    ]);
    expect(w.summaries).toEqual([expect.objectContaining({ kind: 'context', conversationId: 'conv_now', messageCount: 7 })]);
  });

  it('never folds a customer message no reply has seen, however many messages follow it', async () => {
    const w = world({ bound: 6, recent: 2 });
    // The customer wrote m1..m8 in a row after the only reply: none of them has been answered.
    const history = [item('m0', 'assistant', 0), ...Array.from({ length: 8 }, (_, i) => item(`m${i + 1}`, 'user', i + 1))];
    await w.remember(contextOf(history), agentWith());
    expect(w.contextSummaries).toEqual([expect.objectContaining({ upTo: expect.objectContaining({ id: 'm0' }), folded: 1 })]);
  });

  it('counts only the messages after the running summary, and leaves failed replies out', async () => {
    const w = world({ bound: 6, recent: 2 });
    const history = exchange(12).map((entry, i) => (i === 9 ? { ...entry, status: 'failed' } : entry));
    const memory = { summarizedUpTo: 'm5', summarizedUpToAt: new Date(history[5]!.createdAt), contextSummary: 'So far: a refund.' };
    await w.remember(contextOf(history), agentWith(), memory as ConversationMemory);
    // After m5: m6..m11 less the failed m9 are 5 messages, within the bound of 6.
    expect(w.contextSummaries).toEqual([]);
    await w.remember(contextOf([...history, ...exchange(14).slice(12)]), agentWith(), memory as ConversationMemory);
    expect(w.contextSummaries).toEqual([expect.objectContaining({ upTo: expect.objectContaining({ id: 'm11' }), folded: 5 })]);
    expect(w.prompts.at(-1)).toContain('So far: a refund.');
    expect(w.prompts.at(-1)).not.toContain('says m9');
  });

  it('does not summarise for an agent with summarisation off', async () => {
    const w = world({ bound: 6, recent: 2 });
    await w.remember(contextOf(exchange(20)), agentWith({ disableContextSummarization: true }));
    expect(w.contextSummaries).toEqual([]);
    expect(w.prompts).toEqual([]);
  });
});

describe('createMemoryActivities.rememberQuietly: failures', () => {
  it('goes on with the memory as loaded when the summariser fails, saying so in the log', async () => {
    const w = world({ modelFails: true, bound: 6, recent: 2 });
    const loaded = { contextSummary: 'So far: a refund.' } as ConversationMemory;
    expect(await w.remember(contextOf(exchange(10)), agentWith(), loaded)).toBe(loaded);
    expect(w.contextSummaries).toEqual([]);
    expect(w.warnings).toEqual([
      expect.objectContaining({ msg: "the agent's memory was not prepared: the turn goes on without it", turnId: 'msg_turn' }),
    ]);
  });

  it('refuses an empty summary rather than storing it', async () => {
    const w = world({ summary: '   ', bound: 6, recent: 2 });
    await w.remember(contextOf(exchange(10)), agentWith());
    expect(w.contextSummaries).toEqual([]);
    expect(w.warnings).toHaveLength(1);
  });
});
