import { Payload } from '@nestjs/microservices';
import { type OperationRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { InboundService } from '../inbound/inbound.service';

/** Meta's subscription verification, forwarded by the gateway's `GET /hooks/meta` (deliveries: InboundSubscriber). */
@RpcController()
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @Handles(internalOperations.messaging.inboundVerify)
  verify(@Payload() request: OperationRequest<typeof internalOperations.messaging.inboundVerify>) {
    return this.inbound.verify(request.body);
  }
}
