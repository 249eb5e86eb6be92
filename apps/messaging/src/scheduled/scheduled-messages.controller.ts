import { Payload } from '@nestjs/microservices';
import { scheduledListQuerySchema, type RpcRequest } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { RpcController, RpcHandler } from '@platica/platform';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { presentScheduled } from './scheduled-message.presenter';
import { ScheduledMessagesService } from './scheduled-messages.service';

type Params = { messageId: string };

/** Endpoints › Scheduled messages. The gateway guarantees one workspace (`?workspace=` for multi-workspace credentials). */
@RpcController()
export class ScheduledMessagesController {
  constructor(
    private readonly scheduled: ScheduledMessagesService,
    private readonly repository: ScheduledMessageRepository,
  ) {}

  @RpcHandler('messaging.scheduled.list')
  async list(@Payload() request: RpcRequest) {
    const query = parseOrThrow(scheduledListQuerySchema, request.query);
    const { rows, nextPageToken } = await this.repository.list(request.workspaceId!, query);
    return { messages: rows.map(presentScheduled), count: rows.length, ...(nextPageToken ? { nextPageToken } : {}) };
  }

  @RpcHandler('messaging.scheduled.get')
  get(@Payload() request: RpcRequest) {
    return this.scheduled.get(request, (request.params as Params).messageId);
  }

  @RpcHandler('messaging.scheduled.reschedule')
  reschedule(@Payload() request: RpcRequest) {
    return this.scheduled.reschedule(request, (request.params as Params).messageId);
  }

  @RpcHandler('messaging.scheduled.cancel')
  cancel(@Payload() request: RpcRequest) {
    return this.scheduled.cancel(request, (request.params as Params).messageId);
  }
}
