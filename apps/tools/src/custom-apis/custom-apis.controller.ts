import { Payload } from '@nestjs/microservices';
import { toolOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CustomApisService } from './custom-apis.service';

/** `/v1/tools/apis` and `/v1/tools/apis/{integrationId}…`. */
@RpcController()
export class CustomApisController {
  constructor(private readonly apis: CustomApisService) {}

  @Handles(toolOperations.apisList)
  list(@Payload() request: OperationRequest<typeof toolOperations.apisList>) {
    return this.apis.list(request);
  }

  @Handles(toolOperations.apisCreate)
  create(@Payload() request: OperationRequest<typeof toolOperations.apisCreate>) {
    return this.apis.create(request);
  }

  @Handles(toolOperations.apisGet)
  get(@Payload() request: OperationRequest<typeof toolOperations.apisGet>) {
    return this.apis.get(request);
  }

  @Handles(toolOperations.apisUpdate)
  update(@Payload() request: OperationRequest<typeof toolOperations.apisUpdate>) {
    return this.apis.update(request);
  }

  @Handles(toolOperations.apisTest)
  test(@Payload() request: OperationRequest<typeof toolOperations.apisTest>) {
    return this.apis.test(request);
  }

  @Handles(toolOperations.apisEnable)
  enable(@Payload() request: OperationRequest<typeof toolOperations.apisEnable>) {
    return this.apis.enable(request);
  }

  @Handles(toolOperations.apisPause)
  pause(@Payload() request: OperationRequest<typeof toolOperations.apisPause>) {
    return this.apis.pause(request);
  }

  @Handles(toolOperations.apisDelete)
  delete(@Payload() request: OperationRequest<typeof toolOperations.apisDelete>) {
    return this.apis.delete(request);
  }
}
