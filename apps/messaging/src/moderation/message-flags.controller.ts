import { Payload } from '@nestjs/microservices';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { MessageFlagsService } from './message-flags.service';

/** `POST /v1/conversations/{id}/messages/{messageId}/flag` (docs/agents.md › Flagging a customer's message). */
@RpcController()
export class MessageFlagsController {
  constructor(private readonly flags: MessageFlagsService) {}

  @Handles(messagingOperations.messagesFlag)
  flag(@Payload() request: OperationRequest<typeof messagingOperations.messagesFlag>) {
    return this.flags.flag(request);
  }
}
