import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest } from '@platica/contracts';
import { RpcController, RpcHandler } from '@platica/platform';
import { SendMessageService } from './send-message.service';

/** `POST /v1/messages` and `POST /v1/messages/template` (immediate sends; scheduled ones arrive with issue 5). */
@RpcController()
export class MessagesController {
  constructor(private readonly sends: SendMessageService) {}

  @RpcHandler(Subjects.messaging.messagesSend)
  send(@Payload() request: RpcRequest<unknown>) {
    return this.sends.send(request);
  }

  @RpcHandler(Subjects.messaging.messagesSendTemplate)
  sendTemplate(@Payload() request: RpcRequest<unknown>) {
    return this.sends.sendTemplate(request);
  }
}
