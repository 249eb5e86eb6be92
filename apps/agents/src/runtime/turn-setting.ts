import { internalOperations, type RuntimeTool, type TurnContext } from '@platica/contracts';
import type { GeneratedReply } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import type { Delegation } from '../subagents/delegation.entity';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import { answeredAlready } from './answered';
import type { MemoryActivities } from './memory.activities';
import { completeDelegationTool, subagentTools } from './subagent-tools';
import { messaging, note, runKeyOf, turnContextOf, turnRefOf, type GenerateReplyInput, type TurnDeps } from './turn-deps';
import type { TurnMemos } from './turn-memos';
import type { ReadFiles } from './turn-prompt';
import type { ToolCallActivities } from './tool-calls.activities';

/** Why an agent stays silent in a workspace at its credit limit (the turn log's `silent` record; docs/usage.md › Credit limit). */
export const CREDIT_LIMIT_REACHED = 'the workspace reached its credit limit';

/** What a turn loads on its first model call and keeps for its tool rounds. */
export interface TurnSetting {
  context: TurnContext;
  seenMessageIds: string[];
  /** The conversation's agent (the principal). */
  agentId: string;
  agent: Agent;
  /** Who answers: the agent, or the sub-agent it delegated the conversation to. */
  speaker: Agent;
  delegated: boolean;
  tools: RuntimeTool[];
  memory: ConversationMemory | null;
  /** The workspace's whitelist: terms the guardrails' lexicon lets through. */
  allowedTerms: Set<string>;
  /** The turn log's first record: written while the model answers, before any other record of the turn. */
  logStarted: Promise<void>;
  /** The turn's files the model takes whole: read by its first model call. */
  readFiles: ReadFiles | null;
}

/** The conversation's part of a turn's setting, loading. */
export interface ConversationLoads {
  conversationRef: string;
  all: Promise<{ delegation: Delegation | null; loadedMemory: ConversationMemory | null }>;
}

/** The agent's part of a turn's setting, loading: the agent alone (checked before an acceptance), and all of it. */
export interface AgentLoads {
  agentId: string;
  agent: Promise<Agent | null>;
  all: Promise<{ agent: Agent | null; catalogTools: RuntimeTool[]; connections: SubagentConnection[]; allowedTerms: string[] }>;
}

export type SettingLoads = Awaited<ReturnType<TurnSettingLoader['settingLoads']>>;

export type TurnSettingLoader = ReturnType<typeof createTurnSettingLoader>;

/** What a turn's model calls need (the agent, its tools, the conversation's delegation and memory), loaded at once. */
export function createTurnSettingLoader(
  deps: TurnDeps,
  memos: TurnMemos,
  { memory, tools }: { memory: MemoryActivities; tools: ToolCallActivities },
) {
  /**
   * What a turn's first model call reads besides its context: the agent's part and the
   * conversation's (each begun ahead when `ahead` holds that agent's, that conversation's).
   */
  async function settingLoads(
    workspaceId: string,
    agentId: string,
    conversationRef: string,
    ahead: { agent?: AgentLoads; conversation?: ConversationLoads } = {},
  ) {
    const agentPart = ahead.agent?.agentId === agentId ? ahead.agent : agentLoads(workspaceId, agentId);
    const conversationPart =
      ahead.conversation?.conversationRef === conversationRef ? ahead.conversation : conversationLoads(workspaceId, conversationRef);
    const [{ agent, catalogTools, connections, allowedTerms }, { delegation, loadedMemory }] = await Promise.all([
      agentPart.all,
      conversationPart.all,
    ]);
    return { agent, catalogTools, connections, delegation, loadedMemory, allowedTerms };
  }

  /** The agent, its tools, its sub-agent connections and the workspace's allowed terms, asked for at once; the agent alone too. */
  function agentLoads(workspaceId: string, agentId: string): AgentLoads {
    const agent = deps.agents.find(workspaceId, agentId);
    const all = Promise.all([
      agent,
      tools.agentTools(workspaceId, agentId),
      deps.delegations.activeConnections(workspaceId, agentId),
      deps.allowedTerms.list(workspaceId),
    ]).then(([agent, catalogTools, connections, allowedTerms]) => ({ agent, catalogTools, connections, allowedTerms }));
    // Loads begun ahead may go unread (the thread's agent was another, its workflow busy).
    all.catch(() => undefined);
    return { agentId, agent, all };
  }

  /** The conversation's delegation and the agent's memory of it. */
  function conversationLoads(workspaceId: string, conversationRef: string): ConversationLoads {
    const all = Promise.all([deps.delegations.find(workspaceId, conversationRef), deps.memories.find(workspaceId, conversationRef)]).then(
      ([delegation, loadedMemory]) => ({ delegation, loadedMemory }),
    );
    // Loads begun ahead may go unread (the thread was another).
    all.catch(() => undefined);
    return { conversationRef, all };
  }

  /** What a turn's model calls need, or why the agent stays silent; `withMemory`: the agent's memory is prepared first. */
  async function turnSetting(
    input: GenerateReplyInput,
    withMemory: boolean,
  ): Promise<TurnSetting | Extract<GeneratedReply, { silent: string }>> {
    const { workspaceId, conversationRef } = input;
    // One context load per chat turn: the acceptance's, when it ran in this worker just before.
    const acceptedKey = runKeyOf(conversationRef);
    const accepted = memos.acceptedTurns.get(acceptedKey);
    memos.acceptedTurns.forget(acceptedKey);
    const context = accepted?.context ?? (await turnContextOf(deps.rpc, workspaceId, conversationRef, input.triggeringMessageIds));
    const seenMessageIds = context.history.map((item) => item.id);
    const ref = turnRefOf(input.turnId, input);
    const silent = async (reason: string) => {
      await note(deps, ref, async (r) => {
        await deps.turnLog.start(r, { agentId: context.conversation.agentId ?? context.channelDefaultAgentId });
        await deps.turnLog.end(r, 'silent', reason);
      });
      return { silent: reason, seenMessageIds };
    };
    if (answeredAlready(context.history, input.triggeringMessageIds)) return silent('the agent already answered these messages');
    if (context.conversation.operation === 'assistance') return silent('a human is assisting this conversation');
    if (context.client.status === 'blocked') return silent('the client is blocked');
    if (context.conversation.status === 'spam') return silent('the conversation is marked spam');
    const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
    if (!agentId) return silent('no agent answers this conversation');
    const { agent, catalogTools, connections, delegation, loadedMemory, allowedTerms } =
      (await accepted?.loads) ?? (await settingLoads(workspaceId, agentId, context.conversation.id));
    if (!agent) return silent(`agent ${agentId} does not exist`);
    if (agent.status !== 'active') return silent(`agent ${agentId} is inactive`);
    if (context.creditLimitReached) {
      // No model call at all (nor the memory's): the workspace may send nothing more this billing
      // period. Where the agent's human assistance is on, a person takes the conversation over.
      if (!agent.assistanceEnabled) return silent(CREDIT_LIMIT_REACHED);
      await messaging(deps.rpc, internalOperations.messaging.turnHandOver, {
        workspaceId,
        conversationRef: context.conversation.id,
        reason: CREDIT_LIMIT_REACHED,
      });
      return silent(`${CREDIT_LIMIT_REACHED}: the conversation was handed to a person`);
    }
    // The turn's first model call prepares the agent's memory from what it just loaded.
    const turnMemory = withMemory ? await memory.rememberQuietly(ref, context, agent, loadedMemory) : loadedMemory;
    // Under an active delegation the sub-agent answers (with its own prompt and tools, and
    // complete_delegation); it is offered no sub-agents of its own, so delegations never loop.
    const delegated = await tools.delegatedAgent(workspaceId, context.conversation.id, agentId, delegation, connections);
    const speaker = delegated?.agent ?? agent;
    // Written while the model answers (note() never throws); the turn's later records wait for it.
    const logStarted = note(deps, ref, (r) => deps.turnLog.start(r, { agentId, speakerAgentId: speaker.id }));
    const offered = delegated
      ? [...(await tools.agentTools(workspaceId, delegated.agent.id)), completeDelegationTool(delegated.completionCriteria)]
      : [...catalogTools, ...subagentTools(connections)];
    return {
      context,
      seenMessageIds,
      agentId,
      agent,
      speaker,
      delegated: delegated !== null,
      tools: offered,
      memory: turnMemory,
      allowedTerms: new Set(allowedTerms),
      readFiles: null,
      logStarted,
    };
  }

  return { settingLoads, agentLoads, conversationLoads, turnSetting };
}
