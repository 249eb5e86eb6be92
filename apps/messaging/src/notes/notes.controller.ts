import { Payload } from '@nestjs/microservices';
import { cannedReplyOperations, noteOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CannedRepliesService } from './canned-replies.service';
import { NotesService } from './notes.service';

/** `/v1/conversations/{id}/notes` and `/v1/canned-replies` (docs/sending-messages.md › Notes, Canned replies). */
@RpcController()
export class NotesController {
  constructor(
    private readonly notes: NotesService,
    private readonly cannedReplies: CannedRepliesService,
  ) {}

  @Handles(noteOperations.list)
  list(@Payload() request: OperationRequest<typeof noteOperations.list>) {
    return this.notes.list(request);
  }

  @Handles(noteOperations.create)
  create(@Payload() request: OperationRequest<typeof noteOperations.create>) {
    return this.notes.create(request);
  }

  @Handles(noteOperations.delete)
  delete(@Payload() request: OperationRequest<typeof noteOperations.delete>) {
    return this.notes.delete(request);
  }

  @Handles(cannedReplyOperations.list)
  listCannedReplies(@Payload() request: OperationRequest<typeof cannedReplyOperations.list>) {
    return this.cannedReplies.list(request);
  }

  @Handles(cannedReplyOperations.create)
  createCannedReply(@Payload() request: OperationRequest<typeof cannedReplyOperations.create>) {
    return this.cannedReplies.create(request);
  }

  @Handles(cannedReplyOperations.update)
  updateCannedReply(@Payload() request: OperationRequest<typeof cannedReplyOperations.update>) {
    return this.cannedReplies.update(request);
  }

  @Handles(cannedReplyOperations.delete)
  deleteCannedReply(@Payload() request: OperationRequest<typeof cannedReplyOperations.delete>) {
    return this.cannedReplies.delete(request);
  }
}
