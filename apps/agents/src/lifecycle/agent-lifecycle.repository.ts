import { Injectable } from '@nestjs/common';
import type { AgentCreate } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { Database, newId } from '@platica/platform';
import { Agent } from '../agents/agent.entity';
import { AgentRepository, nameTaken, newAgentDefaults } from '../agents/agent.repository';
import { SubagentConnection } from '../subagents/subagent-connection.entity';
import { DEFAULT_AGENT_AVATAR } from '../subagents/subagent.repository';

/** What a copy takes from its source: everything but identity, channels (a channel has one default agent) and history. */
const COPIED = [
  'status',
  'channel',
  'owners',
  'imageUrl',
  'supportInformation',
  'assistanceTriggers',
  'waitMessage',
  'assistanceEnabled',
  'recallLastConversation',
  'enableFileAttachments',
  'disableContextSummarization',
  'requireEvaluation',
  'answerOnlyFromKnowledge',
  'unknownAnswerMessage',
  'workingMessage',
  'guardrails',
  'models',
] as const satisfies readonly (keyof Agent)[];

/** Agents created, copied and deleted through the API; every lookup is scoped to the caller's workspace. */
@Injectable()
export class AgentLifecycleRepository {
  constructor(
    private readonly db: Database,
    private readonly agents: AgentRepository,
  ) {}

  /** Whether the workspace has an agent with this id (a keyed create's retry: AgentLifecycleService). */
  async exists(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.em().count(Agent, { workspaceId, id })) > 0;
  }

  /** A new agent: the defaults, then the given fields as PATCH applies them (a prompt starts the history). */
  create(workspaceId: string, body: AgentCreate, id = newId('agt')): Promise<Agent> {
    return this.db
      .em()
      .transactional(async (em) => {
        const agent = em.create(Agent, {
          ...newAgentDefaults(),
          ...blankAgent(workspaceId, body.name, id),
          status: 'active',
          channel: 'service',
          owners: [],
          imageUrl: DEFAULT_AGENT_AVATAR,
        });
        this.agents.applyChange(em, agent, body);
        return agent;
      })
      .catch(nameTaken(body.name));
  }

  /** The source's settings and active prompt (the copy's first version) and its own sub-agent connections, under a new name. */
  copy(workspaceId: string, sourceId: string, name: string, id = newId('agt')): Promise<Agent> {
    return this.db
      .em()
      .transactional(async (em) => {
        const source = await this.agents.get([workspaceId], sourceId, em);
        const copied = cloneFields(source, COPIED);
        const agent = em.create(Agent, { ...newAgentDefaults(), ...copied, ...blankAgent(workspaceId, name, id) });
        if (source.systemPrompt) this.agents.addVersion(em, agent, source.systemPrompt, `copied from ${source.name}`);
        const connections = await em.find(SubagentConnection, { workspaceId, parentAgentId: source.id });
        for (const { connectedAt: _, updatedAt: __, ...connection } of connections) {
          em.create(SubagentConnection, { ...connection, parentAgentId: agent.id });
        }
        return agent;
      })
      .catch(nameTaken(name));
  }

  /**
   * Deletes the agent, its prompt history (cascaded) and its own sub-agent connections; refused
   * with 409 while another agent has it as a sub-agent. Conversations and turn logs keep its id:
   * they are the workspace's history.
   */
  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.em().transactional(async (em) => {
      const agent = await this.agents.get([workspaceId], id, em, true);
      const parents = await em.find(SubagentConnection, { workspaceId, subagentId: id }, { orderBy: { parentAgentId: 'asc' } });
      if (parents.length) {
        const named = await em.find(Agent, { workspaceId, id: { $in: parents.map((c) => c.parentAgentId) } }, { orderBy: { name: 'asc' } });
        throw new DomainError(ErrorCode.Conflict, `${agent.name} is a sub-agent of other agents: disconnect it from them first`, [
          { path: ['agentId'], message: `connected as a sub-agent of ${named.map((p) => `${p.name} (${p.id})`).join(', ')}` },
        ]);
      }
      await em.nativeDelete(SubagentConnection, { workspaceId, parentAgentId: id });
      em.remove(agent);
    });
  }
}

function blankAgent(workspaceId: string, name: string, id: string) {
  return { id, workspaceId, name, channelIds: [], phoneNumbers: [], systemPrompt: '', activePromptId: null };
}

/** Deep copies of the named fields (a copy's objects are its own). */
function cloneFields<T, K extends keyof T>(source: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((field) => [field, structuredClone(source[field])])) as Pick<T, K>;
}
