import { Payload } from '@nestjs/microservices';
import { updateClientRequestSchema, type RpcRequest, messagingOperations } from '@platica/contracts';
import { DomainError, parseOrThrow } from '@platica/errors';
import { Database, Handles, RpcController } from '@platica/platform';
import { readableWorkspaces } from '../conversations/conversations.service';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import { Client } from './client.entity';
import { clientRecord } from './client-record';
import { ClientRepository } from './client.repository';

/** `GET /v1/clients/{id}` (by id or E.164 phone without `+`) and `PATCH /v1/clients/{id}` (block, unblock). */
@RpcController()
export class ClientsController {
  constructor(
    private readonly db: Database,
    private readonly clients: ClientRepository,
    private readonly customFields: CustomFieldRepository,
  ) {}

  @Handles(messagingOperations.clientsGet)
  async get(@Payload() request: RpcRequest<unknown>) {
    const workspaces = readableWorkspaces(request);
    const id = request.params.id ?? '';
    const found = await this.clients.findByIdOrPhone(
      workspaces.map((w) => w.id),
      id,
    );
    if (!found.length) throw DomainError.notFound('Client', id);
    const active = await this.customFields.activeKeys([...new Set(found.map((c) => c.workspaceId))]);
    return {
      workspaces: workspaces
        .map((workspace) => {
          const clients = found
            .filter((c) => c.workspaceId === workspace.id)
            .map((c) => clientRecord(c, active.get(workspace.id) ?? new Set()));
          return { id: workspace.id, name: workspace.name, clients, clientsCount: clients.length };
        })
        .filter((group) => group.clientsCount > 0),
    };
  }

  @Handles(messagingOperations.clientsUpdate)
  async update(@Payload() request: RpcRequest<unknown>) {
    const body = parseOrThrow(updateClientRequestSchema, request.body);
    const workspaceId = request.workspaceId ?? '';
    const id = request.params.id ?? '';
    const [target] = await this.clients.findByIdOrPhone([workspaceId], id);
    if (!target) throw DomainError.notFound('Client', id);
    const record = await this.db.em().transactional(async (em) => {
      const client = await em.findOneOrFail(Client, { id: target.id });
      if (body.status === 'blocked') {
        // Blocking again only changes the reason; `client.blocked` is emitted once per block.
        if (client.status === 'blocked') {
          em.assign(client, { moderation: { ...client.moderation, blockedReason: body.reason ?? 'api_request' }, updatedAt: new Date() });
          await em.flush();
        } else {
          await this.clients.setStatus(em, client, { reason: body.reason ?? 'api_request', by: request.auth.userEmail });
        }
      } else if (client.status !== 'active') {
        await this.clients.setStatus(em, client, null);
      }
      const active = await this.customFields.activeKeys([workspaceId]);
      return clientRecord(client, active.get(workspaceId) ?? new Set());
    });
    return { status: 'success', message: body.status === 'blocked' ? 'Client blocked' : 'Client active', data: record };
  }
}
