import { Payload } from '@nestjs/microservices';
import { type ChatAcceptRequest, type ChatPrepareRequest, type RpcRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ChatReadsService } from './chat-reads.service';
import { ChatThreadsService } from './chat-threads.service';

/**
 * Chat threads for the chat service. `accept` and `prepare` are service-to-service calls (the
 * contract is the envelope's body); `list` and `get` carry the gateway's request as forwarded.
 */
@RpcController()
export class ChatController {
  constructor(
    private readonly threads: ChatThreadsService,
    private readonly reads: ChatReadsService,
  ) {}

  @Handles(internalOperations.messaging.chatAccept)
  accept(@Payload() request: RpcRequest<ChatAcceptRequest>) {
    return this.threads.accept(request.body);
  }

  @Handles(internalOperations.messaging.chatPrepare)
  prepare(@Payload() request: RpcRequest<ChatPrepareRequest>) {
    return this.threads.prepare(request.body);
  }

  @Handles(internalOperations.messaging.chatList)
  list(@Payload() request: RpcRequest) {
    return this.reads.list(request);
  }

  @Handles(internalOperations.messaging.chatGet)
  get(@Payload() request: RpcRequest) {
    return this.reads.get(request);
  }
}
