import { Payload } from '@nestjs/microservices';
import { toolOperations, type RpcRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CustomApisService } from './custom-apis.service';

/** `/v1/tools/apis` and `/v1/tools/apis/{integrationId}…`. */
@RpcController()
export class CustomApisController {
  constructor(private readonly apis: CustomApisService) {}

  @Handles(toolOperations.apisList)
  list(@Payload() request: RpcRequest) {
    return this.apis.list(request);
  }

  @Handles(toolOperations.apisCreate)
  create(@Payload() request: RpcRequest) {
    return this.apis.create(request);
  }

  @Handles(toolOperations.apisGet)
  get(@Payload() request: RpcRequest) {
    return this.apis.get(request);
  }

  @Handles(toolOperations.apisUpdate)
  update(@Payload() request: RpcRequest) {
    return this.apis.update(request);
  }

  @Handles(toolOperations.apisTest)
  test(@Payload() request: RpcRequest) {
    return this.apis.test(request);
  }

  @Handles(toolOperations.apisEnable)
  enable(@Payload() request: RpcRequest) {
    return this.apis.enable(request);
  }

  @Handles(toolOperations.apisPause)
  pause(@Payload() request: RpcRequest) {
    return this.apis.pause(request);
  }

  @Handles(toolOperations.apisDelete)
  delete(@Payload() request: RpcRequest) {
    return this.apis.delete(request);
  }
}
