import { Payload } from '@nestjs/microservices';
import { type OperationRequest, type WorkspaceProfile, type WorkspacesListResponse, workspaceOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { WorkspacesService } from './workspaces.service';

/** `GET /v1/workspaces`: the workspaces the credential can use, read from the gateway's own schema. */
@RpcController()
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Handles(workspaceOperations.list)
  list(@Payload() request: OperationRequest<typeof workspaceOperations.list>): Promise<WorkspacesListResponse> {
    return this.workspaces.list(request);
  }

  @Handles(workspaceOperations.members)
  members(@Payload() request: OperationRequest<typeof workspaceOperations.members>): Promise<{ emails: string[] }> {
    return this.workspaces.members(request);
  }

  @Handles(workspaceOperations.profiles)
  profiles(@Payload() request: OperationRequest<typeof workspaceOperations.profiles>): Promise<{ workspaces: WorkspaceProfile[] }> {
    return this.workspaces.profiles(request);
  }
}
