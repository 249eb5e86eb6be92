import { Payload } from '@nestjs/microservices';
import { type OperationRequest, type WorkspaceProfile, type WorkspaceRef, workspaceOperations } from '@platica/contracts';
import { Handles, readScope, RpcController } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';

/** `GET /v1/workspaces`: the workspaces the credential can use, read from the gateway's own schema. */
@RpcController()
export class WorkspacesController {
  constructor(private readonly identity: IdentityRepository) {}

  @Handles(workspaceOperations.list)
  async list(@Payload() request: OperationRequest<typeof workspaceOperations.list>): Promise<{ workspaces: WorkspaceRef[] }> {
    return { workspaces: await this.identity.workspaces(request.auth.workspaceIds) };
  }

  @Handles(workspaceOperations.members)
  async members(@Payload() request: OperationRequest<typeof workspaceOperations.members>): Promise<{ emails: string[] }> {
    if (!request.workspaceId) return { emails: [] };
    return { emails: [...(await this.identity.memberEmailsOf(request.workspaceId))] };
  }

  @Handles(workspaceOperations.profiles)
  async profiles(@Payload() request: OperationRequest<typeof workspaceOperations.profiles>): Promise<{ workspaces: WorkspaceProfile[] }> {
    return { workspaces: await this.identity.profiles(readScope(request).map((w) => w.id)) };
  }
}
