import { Payload } from '@nestjs/microservices';
import { type OperationRequest, messagingOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ConversationsService } from './conversations.service';

@RpcController()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Handles(messagingOperations.conversationsList)
  list(@Payload() request: OperationRequest<typeof messagingOperations.conversationsList>) {
    return this.conversations.list(request);
  }

  @Handles(messagingOperations.conversationsGet)
  get(@Payload() request: OperationRequest<typeof messagingOperations.conversationsGet>) {
    return this.conversations.get(request);
  }

  @Handles(messagingOperations.conversationsUpdate)
  update(@Payload() request: OperationRequest<typeof messagingOperations.conversationsUpdate>) {
    return this.conversations.update(request);
  }
}
