import { Injectable } from '@nestjs/common';
import { agentOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { RpcClient, requireWorkspaceUsers, serviceRequest, withStatus, writeScope } from '@platica/platform';
import { AgentLifecycleRepository } from './agent-lifecycle.repository';

/** Not in the interface specification: agents created, copied and deleted from the console or the API (docs/agents.md). */
@Injectable()
export class AgentLifecycleService {
  constructor(
    private readonly lifecycle: AgentLifecycleRepository,
    private readonly rpc: RpcClient,
  ) {}

  async create(request: OperationRequest<typeof ops.create>) {
    if (request.body.owners) await requireWorkspaceUsers(this.rpc, request, request.body.owners);
    const agent = await this.lifecycle.create(writeScope(request).id, request.body);
    return withStatus(201, { status: 'success', message: 'Agent created', data: { id: agent.id } });
  }

  async copy(request: OperationRequest<typeof ops.copy>) {
    const agent = await this.lifecycle.copy(writeScope(request).id, request.params.agentId, request.body.name);
    return withStatus(201, { status: 'success', message: 'Agent copied', data: { id: agent.id } });
  }

  /** Refused while a channel sends its new conversations to the agent (messaging owns channels) or another agent has it as a sub-agent. */
  async delete(request: OperationRequest<typeof ops.delete>) {
    const workspaceId = writeScope(request).id;
    const { agentId } = request.params;
    const { channels } = await this.rpc.call(
      internalOperations.messaging.channelsOfAgent,
      serviceRequest('agents', workspaceId, { agentId }),
    );
    if (channels.length) {
      throw new DomainError(ErrorCode.Conflict, "The agent answers a channel's new conversations: give the channel another agent first", [
        { path: ['agentId'], message: `the default agent of ${channels.map((c) => c?.id).join(', ')}` },
      ]);
    }
    await this.lifecycle.delete(workspaceId, agentId);
    return { status: 'success', message: 'Agent deleted', data: { id: agentId } };
  }
}
