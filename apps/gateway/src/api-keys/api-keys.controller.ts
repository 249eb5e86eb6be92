import { Payload } from '@nestjs/microservices';
import { apiKeyOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ApiKeysService } from './api-keys.service';

/** `/v1/api-keys`: the gateway's own operations, served over NATS like any service's. */
@RpcController()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Handles(apiKeyOperations.list)
  list(@Payload() request: OperationRequest<typeof apiKeyOperations.list>) {
    return this.apiKeys.list(request);
  }

  @Handles(apiKeyOperations.create)
  create(@Payload() request: OperationRequest<typeof apiKeyOperations.create>) {
    return this.apiKeys.create(request);
  }

  @Handles(apiKeyOperations.revoke)
  revoke(@Payload() request: OperationRequest<typeof apiKeyOperations.revoke>) {
    return this.apiKeys.revoke(request);
  }

  @Handles(apiKeyOperations.rotate)
  rotate(@Payload() request: OperationRequest<typeof apiKeyOperations.rotate>) {
    return this.apiKeys.rotate(request);
  }
}
