import { Payload } from '@nestjs/microservices';
import { WebhookSubjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { DeliveriesService } from './deliveries.service';

/** `/v1/webhooks/{id}/deliveries`: each delivery with its attempts, and a manual redelivery. */
@RpcController()
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @RpcHandler(WebhookSubjects.deliveriesList)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.deliveries.list(request);
  }

  @RpcHandler(WebhookSubjects.deliveriesRetry)
  retry(@Payload() request: RpcRequest<unknown>) {
    return this.deliveries.retry(request);
  }
}
