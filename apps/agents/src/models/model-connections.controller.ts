import { Payload } from '@nestjs/microservices';
import { modelOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ModelConnectionsService } from './model-connections.service';
import { ModelUsage } from './model-usage';

/** Model connections, agents' model settings and model cost (docs/agents.md › Models and fallback). */
@RpcController()
export class ModelConnectionsController {
  constructor(
    private readonly connections: ModelConnectionsService,
    private readonly modelUsage: ModelUsage,
  ) {}

  @Handles(ops.connectionsList)
  list(@Payload() request: OperationRequest<typeof ops.connectionsList>) {
    return this.connections.list(request);
  }

  @Handles(ops.connectionsGet)
  get(@Payload() request: OperationRequest<typeof ops.connectionsGet>) {
    return this.connections.get(request);
  }

  @Handles(ops.connectionsCreate)
  create(@Payload() request: OperationRequest<typeof ops.connectionsCreate>) {
    return this.connections.create(request);
  }

  @Handles(ops.connectionsUpdate)
  update(@Payload() request: OperationRequest<typeof ops.connectionsUpdate>) {
    return this.connections.update(request);
  }

  @Handles(ops.connectionsDelete)
  delete(@Payload() request: OperationRequest<typeof ops.connectionsDelete>) {
    return this.connections.delete(request);
  }

  @Handles(ops.connectionsTest)
  test(@Payload() request: OperationRequest<typeof ops.connectionsTest>) {
    return this.connections.test(request);
  }

  @Handles(ops.agentModelsGet)
  agentModels(@Payload() request: OperationRequest<typeof ops.agentModelsGet>) {
    return this.connections.agentModels(request);
  }

  @Handles(ops.agentModelsUpdate)
  updateAgentModels(@Payload() request: OperationRequest<typeof ops.agentModelsUpdate>) {
    return this.connections.updateAgentModels(request);
  }

  @Handles(ops.usage)
  usage(@Payload() request: OperationRequest<typeof ops.usage>) {
    return this.modelUsage.usage(request);
  }
}
