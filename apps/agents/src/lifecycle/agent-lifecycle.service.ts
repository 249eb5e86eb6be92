import { Injectable } from '@nestjs/common';
import { agentOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { RpcClient, requestScopedId, requireWorkspaceUsers, serviceRequest, withStatus, writeScope } from '@platica/platform';
import { AgentLifecycleRepository } from './agent-lifecycle.repository';

/** Not in the interface specification: agents created, copied and deleted from the console or the API (docs/agents.md). */
@Injectable()
export class AgentLifecycleService {
  constructor(
    private readonly lifecycle: AgentLifecycleRepository,
    private readonly rpc: RpcClient,
  ) {}

  async create(request: OperationRequest<typeof ops.create>) {
    const workspaceId = writeScope(request).id;
    const id = await this.keyedId(workspaceId, request.requestRef);
    if (id?.created) return withStatus(201, { status: 'success', message: 'Agent created', data: { id: id.value } });
    if (request.body.owners) await requireWorkspaceUsers(this.rpc, request, request.body.owners);
    const agent = await this.lifecycle.create(workspaceId, request.body, id?.value);
    return withStatus(201, { status: 'success', message: 'Agent created', data: { id: agent.id } });
  }

  async copy(request: OperationRequest<typeof ops.copy>) {
    const workspaceId = writeScope(request).id;
    const id = await this.keyedId(workspaceId, request.requestRef);
    if (id?.created) return withStatus(201, { status: 'success', message: 'Agent copied', data: { id: id.value } });
    const agent = await this.lifecycle.copy(workspaceId, request.params.agentId, request.body.name, id?.value);
    return withStatus(201, { status: 'success', message: 'Agent copied', data: { id: agent.id } });
  }

  /**
   * A keyed request's agent id, derived from its reference, and whether the request created it
   * already (a retry past the gateway's record of the key answers it: docs/sending-messages.md › Retrying safely).
   */
  private async keyedId(workspaceId: string, requestRef: string | undefined): Promise<{ value: string; created: boolean } | null> {
    if (!requestRef) return null;
    const value = requestScopedId('agt', requestRef, 'agent');
    return { value, created: await this.lifecycle.exists(workspaceId, value) };
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
