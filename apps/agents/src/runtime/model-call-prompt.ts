import type { ModelMessage, ToolSet } from 'ai';
import type { RuntimeTool, TurnContext, TurnHistoryItem } from '@platica/contracts';
import { httpUrlProblem } from '@platica/platform';
import type { ToolCallContext, ToolCallRequest, ToolRound } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import { humanAssistanceTool, REQUEST_HUMAN_ASSISTANCE } from './built-in-tools';
import { knowledgeToolNames, numberedPassages, withKnowledgeRules, type Passage } from './knowledge-answers';
import { asObject } from './turn-deps';
import { turnMessages, withNotes, type ReadFiles, type TurnMemory } from './turn-prompt';
import { roundMessages, toolSetOf } from './turn-tools';

/** What of the turn's setting a model call's prompt is made of. */
export interface PromptedTurn {
  /** The conversation's agent (the principal): its memory settings and built-in tools. */
  agent: Pick<Agent, 'assistanceEnabled' | 'assistanceTriggers' | 'recallLastConversation' | 'disableContextSummarization' | 'readNotes'>;
  /** Who answers: its system prompt and file settings. */
  speaker: Pick<Agent, 'systemPrompt' | 'supportInformation' | 'enableFileAttachments' | 'answerOnlyFromKnowledge'>;
  delegated: boolean;
  tools: RuntimeTool[];
  history: TurnHistoryItem[];
  /** The conversation's private notes: given to the model only when the agent's `readNotes` is on. */
  notes?: TurnContext['notes'];
  memory: ConversationMemory | null;
  readFiles: ReadFiles;
}

export interface PromptLimits {
  historyChars: number;
  /** From this many tool rounds on, the model may call no more tools. */
  maxToolRounds: number;
  allowPrivateNetworks: boolean;
}

/** A model call's prompt, and the way from the names the model saw back to the catalog's tools. */
export interface ModelCallPrompt {
  messages: ModelMessage[];
  tools: { tools: ToolSet; toolChoice: 'auto' | 'none' } | null;
  byProviderName: Map<string, RuntimeTool>;
  /** The passages the turn's knowledge searches gave the model, numbered as it cites them. */
  passages: Passage[];
  /** How many knowledge tools were offered (their passages are cited). */
  knowledgeTools: number;
}

/**
 * Prompt assembly (ARCHITECTURE.md › Agent runtime: what the model sees): the turn's messages,
 * then the rounds of tool calls so far; the catalog's tools and the built-in ones (a sub-agent
 * answering under a delegation is offered no human assistance), none callable once the rounds
 * reach their bound. Knowledge searches' passages are numbered for the reply to cite them.
 */
export function modelCallPromptOf(
  turn: PromptedTurn,
  additionalInstructions: string | null,
  rounds: ToolRound[],
  limits: PromptLimits,
): ModelCallPrompt {
  const { set, byProviderName } = toolSetOf(turn.tools);
  if (turn.agent.assistanceEnabled && !turn.delegated) set[REQUEST_HUMAN_ASSISTANCE] = humanAssistanceTool(turn.agent.assistanceTriggers);
  const knowledgeTools = knowledgeToolNames(byProviderName);
  const knowledge = numberedPassages(rounds, knowledgeTools);
  const rules = { knowledgeTools: knowledgeTools.size, answerOnlyFromKnowledge: turn.speaker.answerOnlyFromKnowledge };
  const messages = [
    ...withNotes(
      withKnowledgeRules(
        turnMessages(
          turn.speaker,
          turn.history,
          additionalInstructions,
          limits.historyChars,
          memoryOf(turn.agent, turn.memory),
          turn.readFiles,
          (url) => httpUrlProblem(url, { allowPrivateNetworks: limits.allowPrivateNetworks }),
        ),
        rules,
      ),
      turn.agent.readNotes ? (turn.notes ?? []) : [],
    ),
    ...roundMessages(knowledge.rounds),
  ];
  const tools = Object.keys(set).length
    ? ({ tools: set, toolChoice: rounds.length >= limits.maxToolRounds ? 'none' : 'auto' } as const)
    : null;
  return { messages, tools, byProviderName, passages: knowledge.passages, knowledgeTools: knowledgeTools.size };
}

/** What of its memory the agent's settings let into the prompt. */
export function memoryOf(agent: PromptedTurn['agent'], memory: ConversationMemory | null): TurnMemory {
  if (!memory) return {};
  const summarises = !agent.disableContextSummarization;
  return {
    recallSummary: agent.recallLastConversation ? memory.recallSummary : null,
    contextSummary: summarises ? memory.contextSummary : null,
    summarizedUpTo: summarises ? summarizedUpToOf(memory) : null,
  };
}

export function summarizedUpToOf(memory: ConversationMemory | null): { id: string; createdAt: string } | null {
  return memory?.summarizedUpTo && memory.summarizedUpToAt
    ? { id: memory.summarizedUpTo, createdAt: memory.summarizedUpToAt.toISOString() }
    : null;
}

/** The model's tool calls of catalog tools, by the names it saw; a call of a tool not offered is dropped. */
export function toolCallsOf(
  called: { toolCallId: string; toolName: string; input: unknown }[],
  byProviderName: Map<string, RuntimeTool>,
): ToolCallRequest[] {
  return called.flatMap((toolCall) => {
    const entry = byProviderName.get(toolCall.toolName);
    return entry
      ? [
          {
            toolCallId: toolCall.toolCallId,
            toolId: entry.toolId,
            name: entry.name,
            providerName: toolCall.toolName,
            input: asObject(toolCall.input),
          },
        ]
      : [];
  });
}

/** The conversation a round's tool calls run for (what custom APIs' `context` variables read). */
export function toolCallContextOf(
  workspaceId: string,
  context: TurnContext,
  speaker: Pick<Agent, 'id' | 'name'>,
  principalAgentId: string,
): ToolCallContext {
  return {
    workspaceId,
    // The document id, for the turn log and the run log; `conversationId` is the thread
    // id the integrator knows (the conversation summary's), what context variables read.
    conversationRef: context.conversation.id,
    conversationId: context.conversation.conversationId,
    channelId: context.conversation.channelId,
    phoneNumber: context.client.phoneNumber ?? (context.conversation.platform === 'whatsapp' ? context.conversation.conversationId : null),
    agentId: speaker.id,
    agentName: speaker.name,
    principalAgentId,
    messages: context.history
      .filter((item) => item.role !== 'system')
      .slice(-50)
      .map((item) => ({ role: item.role, content: item.content })),
  };
}
