import { Payload } from '@nestjs/microservices';
import { internalOperations, type ChannelsDescribed, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ChannelsService } from '../channels/channels.service';

@RpcController()
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  /** For other services (agents, before assigning channels): each reference resolved in the workspace, null when it is not its channel. */
  @Handles(internalOperations.messaging.channelsDescribe)
  describe(@Payload() request: OperationRequest<typeof internalOperations.messaging.channelsDescribe>): Promise<ChannelsDescribed> {
    return this.channels.describe(request);
  }

  @Handles(internalOperations.messaging.channelsOfAgent)
  ofAgent(@Payload() request: OperationRequest<typeof internalOperations.messaging.channelsOfAgent>): Promise<ChannelsDescribed> {
    return this.channels.ofAgent(request);
  }
}
