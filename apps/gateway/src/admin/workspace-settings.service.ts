import { Injectable } from '@nestjs/common';
import { updateWorkspaceRequestSchema, type AdminWorkspace } from '@platica/contracts';
import { DomainError, parseOrThrow } from '@platica/errors';
import { IdentityRepository } from '../identity/identity.repository';

/**
 * The operator's settings of a workspace (`PATCH /admin/v1/workspaces/{id}`): its credit limit.
 * Services read it with the workspace's profile (`gateway.workspaces.profiles`, reused for 5 s:
 * a change applies within that; docs/usage.md › Credit limit).
 */
@Injectable()
export class WorkspaceSettingsService {
  constructor(private readonly identity: IdentityRepository) {}

  async update(workspaceId: string, body: unknown): Promise<AdminWorkspace> {
    // An admin route of the gateway, not an operation: no `@Handles` validated this body.
    const request = parseOrThrow(updateWorkspaceRequestSchema, body, 'Invalid workspace settings');
    const workspace = await this.identity.setCreditLimit(workspaceId, request.creditLimit);
    if (!workspace) throw DomainError.notFound('Workspace', workspaceId);
    return workspace;
  }
}
