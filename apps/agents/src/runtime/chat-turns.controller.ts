import { Payload } from '@nestjs/microservices';
import { internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController, writeScope } from '@platica/platform';
import { TurnRequests } from './turn-requests.workflows';

/** For the chat service: a synchronous chat turn, started where the turn's worker runs. */
@RpcController()
export class ChatTurnsController {
  constructor(private readonly turnRequests: TurnRequests) {}

  @Handles(internalOperations.agents.chatTurnStart)
  start(@Payload() request: OperationRequest<typeof internalOperations.agents.chatTurnStart>) {
    return this.turnRequests.startChatTurn(writeScope(request).id, request.body);
  }
}
