import { Payload } from '@nestjs/microservices';
import { WebhookSubjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { WebhooksService } from './webhooks.service';

/** `/v1/webhooks` and `/v1/webhooks/{id}`. */
@RpcController()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RpcHandler(WebhookSubjects.create)
  create(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.create(request);
  }

  @RpcHandler(WebhookSubjects.list)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.list(request);
  }

  @RpcHandler(WebhookSubjects.get)
  get(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.get(request);
  }

  @RpcHandler(WebhookSubjects.update)
  update(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.update(request);
  }

  @RpcHandler(WebhookSubjects.delete)
  delete(@Payload() request: RpcRequest<unknown>) {
    return this.webhooks.delete(request);
  }
}
