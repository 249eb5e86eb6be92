import { Payload } from '@nestjs/microservices';
import { type OperationRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TurnsService } from './turns.service';

/** The agent runtime's calls during a turn (service-to-service: the contract is the envelope's body). */
@RpcController()
export class TurnsController {
  constructor(private readonly turns: TurnsService) {}

  @Handles(internalOperations.messaging.turnContext)
  context(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnContext>) {
    return this.turns.context(request.body);
  }

  @Handles(internalOperations.messaging.turnPrevious)
  previous(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnPrevious>) {
    return this.turns.previous(request.body);
  }

  @Handles(internalOperations.messaging.turnReply)
  reply(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnReply>) {
    return this.turns.reply(request.body);
  }

  @Handles(internalOperations.messaging.turnFailure)
  failure(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnFailure>) {
    return this.turns.failure(request.body);
  }
}
