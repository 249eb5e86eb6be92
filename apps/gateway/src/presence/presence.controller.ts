import { Payload } from '@nestjs/microservices';
import { presenceOperation, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { PresenceService } from './presence.service';

/** `POST /v1/conversations/{id}/presence`: the gateway's own operation, served over NATS like any service's. */
@RpcController()
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @Handles(presenceOperation)
  publish(@Payload() request: OperationRequest<typeof presenceOperation>) {
    return this.presence.publish(request);
  }
}
