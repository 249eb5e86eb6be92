import { Injectable } from '@nestjs/common';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { readScope, withStatus, writeScope } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import type { Agent } from '../agents/agent.entity';
import { presentConnection } from './subagent-connection.presenter';
import { SubagentRepository } from './subagent.repository';

/** Endpoints › Sub-agents: an agent's connections to other agents of its workspace. */
@Injectable()
export class SubagentsService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly subagents: SubagentRepository,
  ) {}

  async list(request: OperationRequest<typeof ops.subagentsList>) {
    const parent = await this.agents.get(
      readScope(request).map((w) => w.id),
      request.params.agentId,
    );
    const connections = await this.subagents.list(parent.workspaceId, parent.id);
    const agents = new Map(
      (
        await this.subagents.agentsById(
          parent.workspaceId,
          connections.map((c) => c.subagentId),
        )
      ).map((a) => [a.id, a]),
    );
    return {
      subagents: connections.map((connection) => {
        const agent = agents.get(connection.subagentId);
        return {
          ...presentConnection(connection),
          agentExists: agent !== undefined,
          hasPrompt: agent ? hasPrompt(agent) : false,
          agentStatus: agent?.status ?? null,
          lastUpdate: agent?.updatedAt.toISOString() ?? null,
        };
      }),
    };
  }

  async available(request: OperationRequest<typeof ops.subagentsAvailable>) {
    const parent = await this.agents.get(
      readScope(request).map((w) => w.id),
      request.params.agentId,
    );
    const connected = new Set((await this.subagents.list(parent.workspaceId, parent.id)).map((c) => c.subagentId));
    const agents = (await this.agents.list([parent.workspaceId])).filter((a) => a.id !== parent.id);
    return {
      agents: agents.map((agent) => ({
        id: agent.id,
        name: agent.name,
        imageUrl: agent.imageUrl,
        status: agent.status,
        hasPrompt: hasPrompt(agent),
        lastUpdate: agent.updatedAt.toISOString(),
        isAlreadyConnected: connected.has(agent.id),
      })),
    };
  }

  async connect(request: OperationRequest<typeof ops.subagentsConnect>) {
    const connection = await this.subagents.connect(writeScope(request).id, request.params.agentId, request.body);
    return withStatus(201, { status: 'success', message: 'Sub-agent connected', data: { connection: presentConnection(connection) } });
  }

  async create(request: OperationRequest<typeof ops.subagentsCreate>) {
    const connection = await this.subagents.createAndConnect(writeScope(request).id, request.params.agentId, request.body);
    return withStatus(201, {
      status: 'success',
      message: 'Sub-agent created and connected',
      data: { subagentId: connection.subagentId, connection: presentConnection(connection) },
    });
  }

  async update(request: OperationRequest<typeof ops.subagentsUpdate>) {
    const { agentId, subagentId } = request.params;
    const connection = await this.subagents.update(writeScope(request).id, agentId, subagentId, request.body);
    return { status: 'success', message: 'Sub-agent connection updated', data: { connection: presentConnection(connection) } };
  }

  async disconnect(request: OperationRequest<typeof ops.subagentsDisconnect>) {
    const { agentId, subagentId } = request.params;
    await this.subagents.disconnect(writeScope(request).id, agentId, subagentId);
    return { status: 'success', message: 'Sub-agent disconnected' };
  }
}

function hasPrompt(agent: Agent): boolean {
  return agent.systemPrompt.trim().length > 0;
}
