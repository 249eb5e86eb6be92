import { Payload } from '@nestjs/microservices';
import { internalOperations, type RpcRequest } from '@platica/contracts';
import { Handles, RpcController, writeScope } from '@platica/platform';
import type { ChatTurnStart } from '@platica/workflows/activities';
import { TurnRequests } from './turn-requests';

/** For the chat service: a synchronous chat turn, started where the turn's worker runs. */
@RpcController()
export class ChatTurnsController {
  constructor(private readonly turnRequests: TurnRequests) {}

  @Handles(internalOperations.agents.chatTurnStart)
  start(@Payload() request: RpcRequest<ChatTurnStart>) {
    return this.turnRequests.startChatTurn(writeScope(request).id, request.body);
  }
}
