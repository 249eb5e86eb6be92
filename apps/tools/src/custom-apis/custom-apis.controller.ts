import { Payload } from '@nestjs/microservices';
import { ToolSubjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { CustomApisService } from './custom-apis.service';

/** `/v1/tools/apis` and `/v1/tools/apis/{integrationId}…`. */
@RpcController()
export class CustomApisController {
  constructor(private readonly apis: CustomApisService) {}

  @RpcHandler(ToolSubjects.apisList)
  list(@Payload() request: RpcRequest) {
    return this.apis.list(request);
  }

  @RpcHandler(ToolSubjects.apisCreate)
  create(@Payload() request: RpcRequest) {
    return this.apis.create(request);
  }

  @RpcHandler(ToolSubjects.apisGet)
  get(@Payload() request: RpcRequest) {
    return this.apis.get(request);
  }

  @RpcHandler(ToolSubjects.apisUpdate)
  update(@Payload() request: RpcRequest) {
    return this.apis.update(request);
  }

  @RpcHandler(ToolSubjects.apisTest)
  test(@Payload() request: RpcRequest) {
    return this.apis.test(request);
  }

  @RpcHandler(ToolSubjects.apisEnable)
  enable(@Payload() request: RpcRequest) {
    return this.apis.enable(request);
  }

  @RpcHandler(ToolSubjects.apisPause)
  pause(@Payload() request: RpcRequest) {
    return this.apis.pause(request);
  }

  @RpcHandler(ToolSubjects.apisDelete)
  delete(@Payload() request: RpcRequest) {
    return this.apis.delete(request);
  }
}
