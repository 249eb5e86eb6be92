import { Payload } from '@nestjs/microservices';
import { type RpcRequest, webhookOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { WebhooksService } from './webhooks.service';

/** `/v1/webhooks` and `/v1/webhooks/{id}`. */
@RpcController()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Handles(webhookOperations.create)
  create(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.create(request);
  }

  @Handles(webhookOperations.list)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.list(request);
  }

  @Handles(webhookOperations.get)
  get(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.get(request);
  }

  @Handles(webhookOperations.update)
  update(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.update(request);
  }

  @Handles(webhookOperations.delete)
  delete(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.delete(request);
  }
}
