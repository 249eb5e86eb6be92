import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { ConversationsService } from './conversations.service';

@RpcController()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @RpcHandler(Subjects.messaging.conversationsList)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.list(request);
  }

  @RpcHandler(Subjects.messaging.conversationsGet)
  get(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.get(request);
  }

  @RpcHandler(Subjects.messaging.conversationsUpdate)
  update(@Payload() request: RpcRequest<unknown>) {
    return this.conversations.update(request);
  }
}
