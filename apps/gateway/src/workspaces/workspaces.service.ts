import { Injectable } from '@nestjs/common';
import { type OperationRequest, type WorkspaceProfile, type WorkspaceRef, workspaceOperations } from '@platica/contracts';
import { readScope } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';

/** `GET /v1/workspaces`: the workspaces the credential can use, read from the gateway's own schema. */
@Injectable()
export class WorkspacesService {
  constructor(private readonly identity: IdentityRepository) {}

  async list(request: OperationRequest<typeof workspaceOperations.list>): Promise<{ workspaces: WorkspaceRef[] }> {
    return { workspaces: await this.identity.workspaces(request.auth.workspaceIds) };
  }

  async members(request: OperationRequest<typeof workspaceOperations.members>): Promise<{ emails: string[] }> {
    if (!request.workspaceId) return { emails: [] };
    return { emails: [...(await this.identity.memberEmailsOf(request.workspaceId))] };
  }

  async profiles(request: OperationRequest<typeof workspaceOperations.profiles>): Promise<{ workspaces: WorkspaceProfile[] }> {
    return { workspaces: await this.identity.profiles(readScope(request).map((w) => w.id)) };
  }
}
