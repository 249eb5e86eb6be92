import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { SubagentConnect, SubagentCreate, SubagentUpdate } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { Database, newId } from '@platica/platform';
import { Agent } from '../agents/agent.entity';
import { AgentRepository, newAgentDefaults } from '../agents/agent.repository';
import { SubagentConnection } from './subagent-connection.entity';

/** The image a sub-agent made by create-and-connect gets when none is given (spec: "an internal default avatar path"). */
export const DEFAULT_AGENT_AVATAR = '/static/avatars/agent-default.png';

type ConnectionFields = Pick<SubagentConnect, 'task' | 'status' | 'description' | 'delegationCriteria' | 'completionCriteria'>;

/** Sub-agent connections; every lookup is scoped to the parent's workspace. */
@Injectable()
export class SubagentRepository {
  constructor(
    private readonly db: Database,
    private readonly agents: AgentRepository,
  ) {}

  list(workspaceId: string, parentAgentId: string): Promise<SubagentConnection[]> {
    return this.db.em().find(SubagentConnection, { workspaceId, parentAgentId }, { orderBy: { connectedAt: 'asc', subagentId: 'asc' } });
  }

  /** The agents these ids name in the workspace (absent ones are missing from the answer). */
  agentsById(workspaceId: string, ids: string[]): Promise<Agent[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.em().find(Agent, { workspaceId, id: { $in: ids } });
  }

  /** Connect an existing agent of the parent's workspace: 400 for the parent itself, 404 for an agent not there, 409 when connected. */
  async connect(workspaceId: string, parentAgentId: string, body: SubagentConnect): Promise<SubagentConnection> {
    if (body.subagentId === parentAgentId) {
      throw DomainError.validation([{ path: ['subagentId'], message: 'an agent cannot be its own sub-agent' }]);
    }
    return this.write(async (em) => {
      await this.agents.get([workspaceId], parentAgentId, em);
      const subagent = await this.agents.get([workspaceId], body.subagentId, em);
      return this.insert(em, workspaceId, parentAgentId, subagent, body);
    });
  }

  /** A new agent of the workspace (prompt history started only for a non-empty systemPrompt), connected to the parent. */
  async createAndConnect(workspaceId: string, parentAgentId: string, body: SubagentCreate): Promise<SubagentConnection> {
    return this.write(async (em) => {
      const parent = await this.agents.get([workspaceId], parentAgentId, em);
      const taken = await em.count(Agent, { workspaceId, name: body.name });
      if (taken) {
        throw new DomainError(ErrorCode.Conflict, `Another agent of the workspace is named "${body.name}"`, [
          { path: ['name'], message: 'already used by another agent of the workspace' },
        ]);
      }
      const subagent = em.create(Agent, {
        ...newAgentDefaults(),
        id: newId('agt'),
        workspaceId,
        name: body.name,
        status: 'active',
        channel: parent.channel,
        owners: [],
        channelIds: [],
        phoneNumbers: [],
        systemPrompt: '',
        imageUrl: body.imageUrl ?? DEFAULT_AGENT_AVATAR,
      });
      if (body.systemPrompt) this.agents.addVersion(em, subagent, body.systemPrompt, null);
      return this.insert(em, workspaceId, parentAgentId, subagent, body);
    });
  }

  /** Changing `task` clears the previous mode's fields; then the given fields apply. */
  async update(workspaceId: string, parentAgentId: string, subagentId: string, change: SubagentUpdate): Promise<SubagentConnection> {
    return this.write(async (em) => {
      const connection = await this.get(em, workspaceId, parentAgentId, subagentId);
      const task = change.task ?? connection.task;
      requireModeFields(task, change);
      if (task !== connection.task) {
        connection.task = task;
        if (task === 'delegate') connection.description = '';
        else Object.assign(connection, { delegationCriteria: '', completionCriteria: '' });
      }
      const { name, status, description, delegationCriteria, completionCriteria } = change;
      if (name !== undefined) connection.name = name;
      if (status !== undefined) connection.status = status;
      if (description !== undefined) connection.description = description;
      if (delegationCriteria !== undefined) connection.delegationCriteria = delegationCriteria;
      if (completionCriteria !== undefined) connection.completionCriteria = completionCriteria;
      return connection;
    });
  }

  /** Removes the connection only; the connected agent is untouched. */
  async disconnect(workspaceId: string, parentAgentId: string, subagentId: string): Promise<void> {
    await this.write(async (em) => {
      const connection = await this.get(em, workspaceId, parentAgentId, subagentId);
      em.remove(connection);
    });
  }

  private async get(em: EntityManager, workspaceId: string, parentAgentId: string, subagentId: string): Promise<SubagentConnection> {
    await this.agents.get([workspaceId], parentAgentId, em);
    const connection = await em.findOne(SubagentConnection, { workspaceId, parentAgentId, subagentId });
    if (!connection) throw DomainError.notFound('Sub-agent connection', subagentId);
    return connection;
  }

  private insert(em: EntityManager, workspaceId: string, parentAgentId: string, subagent: Agent, fields: ConnectionFields) {
    const task = fields.task ?? 'assist';
    requireModeFields(task, fields);
    return em.create(SubagentConnection, {
      parentAgentId,
      subagentId: subagent.id,
      workspaceId,
      name: subagent.name,
      agentName: subagent.name,
      agentImageUrl: subagent.imageUrl,
      status: fields.status ?? 'inactive',
      task,
      description: fields.description ?? '',
      delegationCriteria: fields.delegationCriteria ?? '',
      completionCriteria: fields.completionCriteria ?? '',
    });
  }

  private write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db
      .em()
      .transactional(work)
      .catch((error: unknown) => {
        if (error instanceof UniqueConstraintViolationException) {
          throw new DomainError(ErrorCode.Conflict, 'This agent is already connected to the parent', [
            { path: ['subagentId'], message: 'already connected' },
          ]);
        }
        throw error;
      });
  }
}

/**
 * `description` belongs to assist, the criteria to delegate (spec › Sub-agent connection):
 * a non-empty value for the other mode is refused rather than silently dropped.
 */
function requireModeFields(task: 'assist' | 'delegate', fields: ConnectionFields): void {
  const foreign = task === 'assist' ? (['delegationCriteria', 'completionCriteria'] as const) : (['description'] as const);
  const issues = foreign
    .filter((key) => fields[key])
    .map((key) => ({ path: [key], message: `applies only to task ${task === 'assist' ? 'delegate' : 'assist'}` }));
  if (issues.length) throw DomainError.validation(issues);
}
