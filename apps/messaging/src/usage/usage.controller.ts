import { Payload } from '@nestjs/microservices';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { UsageService } from './usage.service';

/** `GET /v1/usage/conversations` and `GET /v1/usage/actors` (spec › Usage). */
@RpcController()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Handles(messagingOperations.usageConversations)
  conversations(@Payload() request: OperationRequest<typeof messagingOperations.usageConversations>) {
    return this.usage.conversations(request, request.query);
  }

  @Handles(messagingOperations.usageActors)
  actors(@Payload() request: OperationRequest<typeof messagingOperations.usageActors>) {
    return this.usage.actors(request, request.query);
  }
}
