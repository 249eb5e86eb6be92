import { Injectable } from '@nestjs/common';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { readScope, UnitOfWork, writeScope } from '@platica/platform';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import { presentClient } from './client.presenter';
import { ClientRepository } from './client.repository';
import { filtersFingerprint, PageTokens } from '../paging/page-token';
import { searchTerms } from '../search/search-terms';

const DEFAULT_LIMIT = 50;

/**
 * `GET /v1/clients` (an addition: the clients, searched by `q`), `GET /v1/clients/{id}` (by id or
 * E.164 phone without `+`) and `PATCH /v1/clients/{id}` (block, unblock).
 */
@Injectable()
export class ClientsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly customFields: CustomFieldRepository,
    private readonly pageTokens: PageTokens,
  ) {}

  async list(request: OperationRequest<typeof messagingOperations.clientsList>) {
    const { query } = request;
    const workspaces = readScope(request);
    const workspaceIds = workspaces.map((w) => w.id);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const search = searchTerms(query.q);
    const fingerprint = filtersFingerprint({ workspaceIds, search, limit });
    const after = query.pageToken !== undefined ? this.pageTokens.decode('clients', query.pageToken, fingerprint) : undefined;
    const [page, counts, active] = await Promise.all([
      this.clients.page(workspaceIds, search, limit, after),
      this.clients.countByWorkspace(workspaceIds, search),
      this.customFields.activeKeys(workspaceIds),
    ]);
    return {
      workspaces: workspaces.map((workspace) => ({
        id: workspace.id,
        name: workspace.name,
        clients: page.items
          .filter((c) => c.workspaceId === workspace.id)
          .map((c) => presentClient(c, active.get(workspace.id) ?? new Set())),
        clientsCount: counts.get(workspace.id) ?? 0,
      })),
      nextPageToken: page.hasMore && page.last ? this.pageTokens.encode('clients', fingerprint, page.last) : null,
    };
  }

  async get(request: OperationRequest<typeof messagingOperations.clientsGet>) {
    const workspaces = readScope(request);
    const { id } = request.params;
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
            .map((c) => presentClient(c, active.get(workspace.id) ?? new Set()));
          return { id: workspace.id, name: workspace.name, clients, clientsCount: clients.length };
        })
        .filter((group) => group.clientsCount > 0),
    };
  }

  async update(request: OperationRequest<typeof messagingOperations.clientsUpdate>) {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    const { id } = request.params;
    const [target] = await this.clients.findByIdOrPhone([workspaceId], id);
    if (!target) throw DomainError.notFound('Client', id);
    const record = await this.unitOfWork.run(async (transaction) => {
      const client = await this.clients.get(target.id, transaction);
      if (body.status === 'blocked') {
        // Blocking again only changes the reason; `client.blocked` is emitted once per block.
        if (client.status === 'blocked') {
          await this.clients.changeBlockedReason(transaction, client, body.reason ?? 'api_request');
        } else {
          await this.clients.setStatus(transaction, client, { reason: body.reason ?? 'api_request', by: request.auth.userEmail });
        }
      } else if (client.status !== 'active') {
        await this.clients.setStatus(transaction, client, null);
      }
      const active = await this.customFields.activeKeys([workspaceId]);
      return presentClient(client, active.get(workspaceId) ?? new Set());
    });
    return { status: 'success', message: body.status === 'blocked' ? 'Client blocked' : 'Client active', data: record };
  }
}
