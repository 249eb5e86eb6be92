import { Payload } from '@nestjs/microservices';
import { ToolSubjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { CatalogService } from './catalog.service';

/** `/v1/tools`, `/v1/tools/{toolId}` and `/v1/agents/{agentId}/tools…`. */
@RpcController()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @RpcHandler(ToolSubjects.catalogList)
  list(@Payload() request: RpcRequest) {
    return this.catalog.list(request);
  }

  @RpcHandler(ToolSubjects.catalogGet)
  get(@Payload() request: RpcRequest) {
    return this.catalog.get(request);
  }

  @RpcHandler(ToolSubjects.agentToolsList)
  connections(@Payload() request: RpcRequest) {
    return this.catalog.connections(request);
  }

  @RpcHandler(ToolSubjects.agentToolsAvailable)
  available(@Payload() request: RpcRequest) {
    return this.catalog.available(request);
  }

  @RpcHandler(ToolSubjects.agentToolsConnect)
  connect(@Payload() request: RpcRequest) {
    return this.catalog.connect(request);
  }

  @RpcHandler(ToolSubjects.agentToolsUpdate)
  update(@Payload() request: RpcRequest) {
    return this.catalog.update(request);
  }

  @RpcHandler(ToolSubjects.agentToolsDisconnect)
  disconnect(@Payload() request: RpcRequest) {
    return this.catalog.disconnect(request);
  }
}
