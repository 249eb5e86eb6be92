import { Payload } from '@nestjs/microservices';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { AgentLifecycleService } from './agent-lifecycle.service';

/** Not in the interface specification: creating, copying and deleting agents. */
@RpcController()
export class AgentLifecycleController {
  constructor(private readonly lifecycle: AgentLifecycleService) {}

  @Handles(ops.create)
  create(@Payload() request: OperationRequest<typeof ops.create>) {
    return this.lifecycle.create(request);
  }

  @Handles(ops.copy)
  copy(@Payload() request: OperationRequest<typeof ops.copy>) {
    return this.lifecycle.copy(request);
  }

  @Handles(ops.delete)
  delete(@Payload() request: OperationRequest<typeof ops.delete>) {
    return this.lifecycle.delete(request);
  }
}
