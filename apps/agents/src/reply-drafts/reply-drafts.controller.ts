import { Payload } from '@nestjs/microservices';
import { replyDraftOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ReplyDraftsService } from './reply-drafts.service';

/** `POST /v1/conversations/{id}/reply-draft…` and `GET /v1/usage/reply-drafts` (docs/knowledge-from-people.md › Reply drafts). */
@RpcController()
export class ReplyDraftsController {
  constructor(private readonly drafts: ReplyDraftsService) {}

  @Handles(ops.create)
  create(@Payload() request: OperationRequest<typeof ops.create>) {
    return this.drafts.create(request);
  }

  @Handles(ops.outcome)
  outcome(@Payload() request: OperationRequest<typeof ops.outcome>) {
    return this.drafts.recordOutcome(request);
  }

  @Handles(ops.counts)
  counts(@Payload() request: OperationRequest<typeof ops.counts>) {
    return this.drafts.counts(request);
  }
}
