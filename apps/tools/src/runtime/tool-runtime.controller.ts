import { Payload } from '@nestjs/microservices';
import { ToolSubjects, type RpcRequest, type RuntimeAgentToolsRequest, type RuntimeExecuteRequest } from '@platica/contracts';
import { RpcController, RpcHandler, writeScope } from '@platica/platform';
import { ToolRuntimeService } from './tool-runtime.service';

/** Internal subjects of agent turns (the agents service's worker calls them on its own behalf). */
@RpcController()
export class ToolRuntimeController {
  constructor(private readonly runtime: ToolRuntimeService) {}

  @RpcHandler(ToolSubjects.runtimeAgentTools)
  agentTools(@Payload() request: RpcRequest<RuntimeAgentToolsRequest>) {
    return this.runtime.agentTools({ ...request.body, workspaceId: writeScope(request).id });
  }

  @RpcHandler(ToolSubjects.runtimeExecute)
  execute(@Payload() request: RpcRequest<RuntimeExecuteRequest>) {
    return this.runtime.execute({ ...request.body, workspaceId: writeScope(request).id });
  }
}
