import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest, type WorkspaceRef } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';

/** `GET /v1/workspaces`: the workspaces the credential can use, read from the gateway's own schema. */
@RpcController()
export class WorkspacesController {
  constructor(private readonly identity: IdentityRepository) {}

  @RpcHandler(Subjects.gateway.workspacesList)
  async list(@Payload() request: RpcRequest): Promise<{ workspaces: WorkspaceRef[] }> {
    return { workspaces: await this.identity.workspaces(request.auth.workspaceIds) };
  }

  @RpcHandler(Subjects.gateway.workspaceMembers)
  async members(@Payload() request: RpcRequest): Promise<{ emails: string[] }> {
    if (!request.workspaceId) return { emails: [] };
    return { emails: [...(await this.identity.memberEmailsOf(request.workspaceId))] };
  }
}
