import { Payload } from '@nestjs/microservices';
import { Subjects, chatListQuerySchema, type RpcRequest } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { RpcClient, RpcController, RpcHandler, withStatus } from '@platica/platform';
import { ChatTurnsService } from './turns/chat-turns.service';

/** Endpoints › Chat with an agent. Threads are conversations stored by messaging (`source: api_chat`). */
@RpcController()
export class ChatController {
  constructor(
    private readonly turns: ChatTurnsService,
    private readonly rpc: RpcClient,
  ) {}

  @RpcHandler(Subjects.chat.turnsSend)
  send(@Payload() request: RpcRequest) {
    return this.turns.send(request);
  }

  @RpcHandler(Subjects.chat.chatsList)
  async list(@Payload() request: RpcRequest) {
    const query = parseOrThrow(chatListQuerySchema, request.query);
    return this.forward(Subjects.messaging.chatList, { ...request, query: query as unknown as RpcRequest['query'] });
  }

  @RpcHandler(Subjects.chat.chatsGet)
  get(@Payload() request: RpcRequest) {
    return this.forward(Subjects.messaging.chatGet, request);
  }

  /** Reads are messaging's: its answer, status included, is the answer. */
  private async forward(subject: string, request: RpcRequest) {
    const reply = await this.rpc.request(subject, request);
    return withStatus(reply.status, reply.body);
  }
}
