import { Payload } from '@nestjs/microservices';
import { type OperationRequest, messagingOperations } from '@platica/contracts';
import { Handles, RpcController, UnitOfWork, writeScope } from '@platica/platform';
import { Assignments } from './assignments';

/** `GET` and `PATCH /v1/assignment` (docs/sending-messages.md › Assignment). */
@RpcController()
export class AssignmentController {
  constructor(
    private readonly assignments: Assignments,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  @Handles(messagingOperations.assignmentGet)
  get(@Payload() request: OperationRequest<typeof messagingOperations.assignmentGet>) {
    return this.assignments.settings(writeScope(request).id);
  }

  @Handles(messagingOperations.assignmentUpdate)
  update(@Payload() request: OperationRequest<typeof messagingOperations.assignmentUpdate>) {
    const caller = { userId: request.auth.userId, isUser: request.auth.credentialType === 'oauth_token' };
    return this.unitOfWork.run((transaction) => this.assignments.update(transaction, writeScope(request).id, caller, request.body));
  }
}
