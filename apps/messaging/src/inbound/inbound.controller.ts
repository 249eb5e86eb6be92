import { Payload } from '@nestjs/microservices';
import { Subjects, type MetaVerification, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { InboundService } from './inbound.service';

/** Meta's subscription verification, forwarded by the gateway's `GET /hooks/meta` (deliveries: InboundSubscriber). */
@RpcController()
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @RpcHandler(Subjects.messaging.inboundVerify)
  verify(@Payload() request: RpcRequest<MetaVerification>) {
    return this.inbound.verify(request.body);
  }
}
