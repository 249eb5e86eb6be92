import { Payload } from '@nestjs/microservices';
import { type RpcRequest, webhookOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { DeliveriesService } from './deliveries.service';

/** `/v1/webhooks/{id}/deliveries`: each delivery with its attempts, and a manual redelivery. */
@RpcController()
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Handles(webhookOperations.deliveriesList)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.deliveries.list(request);
  }

  @Handles(webhookOperations.deliveriesRetry)
  retry(@Payload() request: RpcRequest<unknown>) {
    return this.deliveries.retry(request);
  }
}
