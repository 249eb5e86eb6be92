import { Payload } from '@nestjs/microservices';
import { type OperationRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TurnMediaService } from '../turns/turn-media.service';
import { TurnsService } from '../turns/turns.service';

/** The agent runtime's calls during a turn (service-to-service: the contract is the envelope's body). */
@RpcController()
export class TurnsController {
  constructor(
    private readonly turns: TurnsService,
    private readonly media: TurnMediaService,
  ) {}

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

  @Handles(internalOperations.messaging.turnHandOver)
  handOver(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnHandOver>) {
    return this.turns.handOver(request.body);
  }

  @Handles(internalOperations.messaging.turnMedia)
  readMedia(@Payload() request: OperationRequest<typeof internalOperations.messaging.turnMedia>) {
    return this.media.read(request.body);
  }
}
