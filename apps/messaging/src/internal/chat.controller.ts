import { Payload } from '@nestjs/microservices';
import { type ChatAccepted, type ChatAcceptedWithContext, type OperationRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TurnsService } from '../turns/turns.service';
import { ChatReadsService } from '../chat/chat-reads.service';
import { ChatThreadsService } from '../chat/chat-threads.service';

/**
 * Chat threads for the chat service. `accept` and `prepare` are service-to-service calls (the
 * contract is the envelope's body); `list` and `get` carry the gateway's request as forwarded.
 */
@RpcController()
export class ChatController {
  constructor(
    private readonly threads: ChatThreadsService,
    private readonly reads: ChatReadsService,
    private readonly turns: TurnsService,
  ) {}

  /**
   * With `withContext`, the turn's context as the runtime reads it for its model call: one round
   * trip for both, built from the rows the acceptance read (only the history is read again).
   */
  @Handles(internalOperations.messaging.chatAccept)
  async accept(
    @Payload() request: OperationRequest<typeof internalOperations.messaging.chatAccept>,
  ): Promise<ChatAccepted | ChatAcceptedWithContext> {
    const { accepted, read } = await this.threads.accept(request.body);
    if (!request.body.withContext) return accepted;
    return { ...accepted, context: await this.turns.contextOf(read.thread, read) };
  }

  @Handles(internalOperations.messaging.chatPrepare)
  prepare(@Payload() request: OperationRequest<typeof internalOperations.messaging.chatPrepare>) {
    return this.threads.prepare(request.body);
  }

  @Handles(internalOperations.messaging.chatReject)
  reject(@Payload() request: OperationRequest<typeof internalOperations.messaging.chatReject>) {
    return this.threads.reject(request.body);
  }

  @Handles(internalOperations.messaging.chatOutcome)
  outcome(@Payload() request: OperationRequest<typeof internalOperations.messaging.chatOutcome>) {
    return this.threads.outcomeOf(request.body);
  }

  @Handles(internalOperations.messaging.chatList)
  list(@Payload() request: OperationRequest<typeof internalOperations.messaging.chatList>) {
    return this.reads.list(request);
  }

  @Handles(internalOperations.messaging.chatGet)
  get(@Payload() request: OperationRequest<typeof internalOperations.messaging.chatGet>) {
    return this.reads.get(request);
  }
}
