import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest, type TurnContextRequest, type TurnFailureRequest, type TurnReplyRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { TurnsService } from './turns.service';

/** The agent runtime's calls during a turn (service-to-service: the contract is the envelope's body). */
@RpcController()
export class TurnsController {
  constructor(private readonly turns: TurnsService) {}

  @RpcHandler(Subjects.messaging.turnContext)
  context(@Payload() request: RpcRequest<TurnContextRequest>) {
    return this.turns.context(request.body);
  }

  @RpcHandler(Subjects.messaging.turnReply)
  reply(@Payload() request: RpcRequest<TurnReplyRequest>) {
    return this.turns.reply(request.body);
  }

  @RpcHandler(Subjects.messaging.turnFailure)
  failure(@Payload() request: RpcRequest<TurnFailureRequest>) {
    return this.turns.failure(request.body);
  }
}
