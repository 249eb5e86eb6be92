import { Payload } from '@nestjs/microservices';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ScheduledMessagesService } from './scheduled-messages.service';

type Params = { messageId: string };

/** Endpoints › Scheduled messages. The gateway guarantees one workspace (`?workspace=` for multi-workspace credentials). */
@RpcController()
export class ScheduledMessagesController {
  constructor(private readonly scheduled: ScheduledMessagesService) {}

  @Handles(messagingOperations.scheduledList)
  list(@Payload() request: OperationRequest<typeof messagingOperations.scheduledList>) {
    return this.scheduled.list(request);
  }

  @Handles(messagingOperations.scheduledGet)
  get(@Payload() request: OperationRequest<typeof messagingOperations.scheduledGet>) {
    return this.scheduled.get(request, (request.params as Params).messageId);
  }

  @Handles(messagingOperations.scheduledReschedule)
  reschedule(@Payload() request: OperationRequest<typeof messagingOperations.scheduledReschedule>) {
    return this.scheduled.reschedule(request, (request.params as Params).messageId);
  }

  @Handles(messagingOperations.scheduledCancel)
  cancel(@Payload() request: OperationRequest<typeof messagingOperations.scheduledCancel>) {
    return this.scheduled.cancel(request, (request.params as Params).messageId);
  }
}
