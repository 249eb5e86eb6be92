import { Payload } from '@nestjs/microservices';
import { type OperationRequest, messagingOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ConversationReading } from './conversation-reading.service';

@RpcController()
export class ConversationReadingController {
  constructor(private readonly reading: ConversationReading) {}

  @Handles(messagingOperations.conversationsMessages)
  messages(@Payload() request: OperationRequest<typeof messagingOperations.conversationsMessages>) {
    return this.reading.messages(request);
  }

  @Handles(messagingOperations.conversationsRead)
  read(@Payload() request: OperationRequest<typeof messagingOperations.conversationsRead>) {
    return this.reading.read(request);
  }

  @Handles(messagingOperations.conversationsCounts)
  counts(@Payload() request: OperationRequest<typeof messagingOperations.conversationsCounts>) {
    return this.reading.counts(request);
  }
}
