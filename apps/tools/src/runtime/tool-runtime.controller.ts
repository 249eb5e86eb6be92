import { Payload } from '@nestjs/microservices';
import { internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController, writeScope } from '@platica/platform';
import { ToolRuntimeService } from './tool-runtime.service';

/** Internal subjects of agent turns (the agents service's worker calls them on its own behalf). */
@RpcController()
export class ToolRuntimeController {
  constructor(private readonly runtime: ToolRuntimeService) {}

  @Handles(internalOperations.tools.runtimeAgentTools)
  agentTools(@Payload() request: OperationRequest<typeof internalOperations.tools.runtimeAgentTools>) {
    return this.runtime.agentTools({ ...request.body, workspaceId: writeScope(request).id });
  }

  @Handles(internalOperations.tools.runtimeExecute)
  execute(@Payload() request: OperationRequest<typeof internalOperations.tools.runtimeExecute>) {
    return this.runtime.execute({ ...request.body, workspaceId: writeScope(request).id });
  }
}
