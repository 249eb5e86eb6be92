import { internalOperations, type TurnContext } from '@platica/contracts';
import type { Agent } from '../agents/agent.entity';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import { summarize } from '../memory/summarizer';
import { unansweredMessageIds } from './answered';
import type { TurnRef } from '../turn-log/turn-log.repository';
import { turnModel } from './model-call-records';
import { messaging, modelAbortSignal, note, type TurnDeps } from './turn-deps';
import { summarizedUpToOf } from './model-call-prompt';
import { after } from './turn-prompt';

export type MemoryActivities = ReturnType<typeof createMemoryActivities>;

/**
 * The agent's memory, in the turn's first model call (docs/agents.md › Memory): a failure costs the
 * turn its summary, never its reply. Recall: on the conversation's first turn with
 * `recallLastConversation`, the client's previous conversation with the agent is summarised
 * once (its running summary and latest messages) and kept with this one. Context
 * summarisation: once more than PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES messages follow the
 * running summary, all but the latest PLATICA_CONTEXT_RECENT_MESSAGES are folded into it (never
 * a customer message no reply has seen: the turn answers it as written).
 */
export function createMemoryActivities(deps: TurnDeps) {
  async function rememberQuietly(
    ref: TurnRef | null,
    context: TurnContext,
    agent: Agent,
    memory: ConversationMemory | null,
  ): Promise<ConversationMemory | null> {
    try {
      const { made } = await remember(ref, context, agent, memory);
      return made.length ? await deps.memories.find(agent.workspaceId, context.conversation.id) : memory;
    } catch (error) {
      deps.logger.warn({
        msg: "the agent's memory was not prepared: the turn goes on without it",
        turnId: ref?.turnId,
        error: String(error),
      });
      return memory;
    }
  }

  /** What the memory step makes, for a turn its agent answers (`memory`: the conversation's, as loaded). */
  async function remember(
    ref: TurnRef | null,
    context: TurnContext,
    agent: Agent,
    memory: ConversationMemory | null,
  ): Promise<{ made: ('recall' | 'context')[] }> {
    const workspaceId = agent.workspaceId;
    const conversation = context.conversation;
    const made: ('recall' | 'context')[] = [];
    const wantsRecall = agent.recallLastConversation;
    const summarises = !agent.disableContextSummarization;
    if (!wantsRecall && !summarises) return { made };
    const summaryChooser = { workspaceId, agentId: agent.id, models: agent.models ?? null, slot: 'summary' } as const;
    const logSummary = (kind: 'recall' | 'context', summarized: string, messageCount: number, summary: string) =>
      note(deps, ref, async (r) => {
        await deps.turnLog.start(r, { agentId: agent.id });
        await deps.turnLog.summary(r, { kind, conversationId: summarized, messageCount, summary, at: new Date().toISOString() });
      });

    if (wantsRecall && !memory?.recallChecked) {
      const previous = await messaging(deps.rpc, internalOperations.messaging.turnPrevious, {
        workspaceId,
        conversationRef: conversation.id,
        agentId: agent.id,
      });
      const said = previous.history.filter((item) => item.status !== 'failed' && (item.content || item.images.length || item.files.length));
      if (previous.conversationRef && said.length) {
        const earlier = await deps.memories.find(workspaceId, previous.conversationRef);
        const model = turnModel(deps, ref, { purpose: 'summary', round: 0, id: 'recall' }, summaryChooser);
        const summary = await summarize(model, said, earlier?.contextSummary ?? null, modelAbortSignal(deps.config));
        await deps.memories.saveRecall(workspaceId, conversation.id, { conversationRef: previous.conversationRef, summary });
        await logSummary('recall', previous.conversationRef, said.length, summary);
        made.push('recall');
      } else {
        await deps.memories.saveRecall(workspaceId, conversation.id, null);
      }
    }

    if (summarises) {
      const { PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES: bound, PLATICA_CONTEXT_RECENT_MESSAGES: recent } = deps.config.values;
      const upTo = summarizedUpToOf(memory);
      const pending = after(context.history, upTo).filter((item) => item.status !== 'failed');
      // What the turn answers stays verbatim, however many messages came after it.
      const unanswered = unansweredMessageIds(context.history);
      const firstUnanswered = pending.findIndex((item) => unanswered.has(item.id));
      const foldable = Math.min(pending.length - Math.min(recent, bound - 1), firstUnanswered < 0 ? pending.length : firstUnanswered);
      if (pending.length > bound && foldable > 0) {
        const folded = pending.slice(0, foldable);
        const last = folded.at(-1)!;
        const model = turnModel(deps, ref, { purpose: 'summary', round: 0, id: 'context' }, summaryChooser);
        const summary = await summarize(model, folded, memory?.contextSummary ?? null, modelAbortSignal(deps.config));
        await deps.memories.saveContextSummary(
          workspaceId,
          conversation.id,
          summary,
          { id: last.id, createdAt: new Date(last.createdAt) },
          folded.length,
        );
        await logSummary('context', conversation.id, folded.length, summary);
        made.push('context');
      }
    }
    return { made };
  }

  return { rememberQuietly };
}
