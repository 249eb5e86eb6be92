import { Payload } from '@nestjs/microservices';
import { type RpcRequest, messagingOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ConversationsService } from './conversations.service';

@RpcController()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Handles(messagingOperations.conversationsList)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.list(request);
  }

  @Handles(messagingOperations.conversationsGet)
  get(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.get(request);
  }

  @Handles(messagingOperations.conversationsUpdate)
  update(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.update(request);
  }
}
