import { Payload } from '@nestjs/microservices';
import { chatOperations, internalOperations, type InternalOperation, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { Handles, RpcClient, RpcController, withStatus } from '@platica/platform';
import { ChatTurnsService } from './turns/chat-turns.service';

/** Endpoints › Chat with an agent. Threads are conversations stored by messaging (`source: api_chat`). */
@RpcController()
export class ChatController {
  constructor(
    private readonly turns: ChatTurnsService,
    private readonly rpc: RpcClient,
  ) {}

  @Handles(chatOperations.send)
  send(@Payload() request: OperationRequest<typeof chatOperations.send>) {
    return this.turns.send(request);
  }

  /** The query arrives validated, its defaults applied: messaging reads it as it is. */
  @Handles(chatOperations.list)
  list(@Payload() request: OperationRequest<typeof chatOperations.list>) {
    return this.forward(internalOperations.messaging.chatList, request as unknown as RpcRequest);
  }

  @Handles(chatOperations.get)
  get(@Payload() request: OperationRequest<typeof chatOperations.get>) {
    return this.forward(internalOperations.messaging.chatGet, request);
  }

  /** Reads are messaging's: its answer, status included, is the answer. */
  private async forward(operation: InternalOperation, request: RpcRequest) {
    const reply = await this.rpc.request(operation.subject, request);
    return withStatus(reply.status, reply.body);
  }
}
