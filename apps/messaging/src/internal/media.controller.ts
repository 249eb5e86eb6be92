import { Payload } from '@nestjs/microservices';
import { type OperationRequest, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { MessageMediaService } from '../media/message-media.service';

/** The gateway's media route (`GET /v1/conversations/{id}/messages/{messageId}/media`): the envelope's workspace, resolved by the gateway. */
@RpcController()
export class MediaController {
  constructor(private readonly media: MessageMediaService) {}

  @Handles(internalOperations.messaging.messageMedia)
  read(@Payload() request: OperationRequest<typeof internalOperations.messaging.messageMedia>) {
    // Never null from the gateway (the route is one workspace's); an empty id finds no message.
    return this.media.read(request.workspaceId ?? '', request.body);
  }
}
