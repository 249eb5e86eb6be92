import { Payload } from '@nestjs/microservices';
import { toolOperations, type RpcRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CatalogService } from './catalog.service';

/** `/v1/tools`, `/v1/tools/{toolId}` and `/v1/agents/{agentId}/tools…`. */
@RpcController()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Handles(toolOperations.catalogList)
  list(@Payload() request: RpcRequest) {
    return this.catalog.list(request);
  }

  @Handles(toolOperations.catalogGet)
  get(@Payload() request: RpcRequest) {
    return this.catalog.get(request);
  }

  @Handles(toolOperations.agentToolsList)
  connections(@Payload() request: RpcRequest) {
    return this.catalog.connections(request);
  }

  @Handles(toolOperations.agentToolsAvailable)
  available(@Payload() request: RpcRequest) {
    return this.catalog.available(request);
  }

  @Handles(toolOperations.agentToolsConnect)
  connect(@Payload() request: RpcRequest) {
    return this.catalog.connect(request);
  }

  @Handles(toolOperations.agentToolsUpdate)
  update(@Payload() request: RpcRequest) {
    return this.catalog.update(request);
  }

  @Handles(toolOperations.agentToolsDisconnect)
  disconnect(@Payload() request: RpcRequest) {
    return this.catalog.disconnect(request);
  }
}
