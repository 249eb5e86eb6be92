import { Payload } from '@nestjs/microservices';
import { type RpcRequest, messagingOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SendMessageService } from './send-message.service';

/** `POST /v1/messages` and `POST /v1/messages/template` (immediate sends; scheduled ones arrive with issue 5). */
@RpcController()
export class MessagesController {
  constructor(private readonly sends: SendMessageService) {}

  @Handles(messagingOperations.send)
  send(@Payload() request: RpcRequest<unknown>) {
    return this.sends.send(request);
  }

  @Handles(messagingOperations.sendTemplate)
  sendTemplate(@Payload() request: RpcRequest<unknown>) {
    return this.sends.sendTemplate(request);
  }
}
