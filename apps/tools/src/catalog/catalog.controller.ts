import { Payload } from '@nestjs/microservices';
import { toolOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CatalogService } from './catalog.service';

/** `/v1/tools`, `/v1/tools/{toolId}` and `/v1/agents/{agentId}/tools…`. */
@RpcController()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Handles(toolOperations.catalogList)
  list(@Payload() request: OperationRequest<typeof toolOperations.catalogList>) {
    return this.catalog.list(request);
  }

  @Handles(toolOperations.catalogGet)
  get(@Payload() request: OperationRequest<typeof toolOperations.catalogGet>) {
    return this.catalog.get(request);
  }

  @Handles(toolOperations.agentToolsList)
  connections(@Payload() request: OperationRequest<typeof toolOperations.agentToolsList>) {
    return this.catalog.connections(request);
  }

  @Handles(toolOperations.agentToolsAvailable)
  available(@Payload() request: OperationRequest<typeof toolOperations.agentToolsAvailable>) {
    return this.catalog.available(request);
  }

  @Handles(toolOperations.agentToolsConnect)
  connect(@Payload() request: OperationRequest<typeof toolOperations.agentToolsConnect>) {
    return this.catalog.connect(request);
  }

  @Handles(toolOperations.agentToolsUpdate)
  update(@Payload() request: OperationRequest<typeof toolOperations.agentToolsUpdate>) {
    return this.catalog.update(request);
  }

  @Handles(toolOperations.agentToolsDisconnect)
  disconnect(@Payload() request: OperationRequest<typeof toolOperations.agentToolsDisconnect>) {
    return this.catalog.disconnect(request);
  }
}
