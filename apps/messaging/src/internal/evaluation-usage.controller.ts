import { Payload } from '@nestjs/microservices';
import { internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController, writeScope } from '@platica/platform';
import { UsageService } from '../usage/usage.service';

@RpcController()
export class EvaluationUsageController {
  constructor(private readonly usage: UsageService) {}

  /** For the agents service: an evaluation turn's tokens (docs/usage.md, evaluation tokens), apart from customers' figures. */
  @Handles(internalOperations.messaging.usageEvaluation)
  evaluation(@Payload() request: OperationRequest<typeof internalOperations.messaging.usageEvaluation>) {
    return this.usage.recordEvaluationTurn({ ...request.body, workspaceId: writeScope(request).id });
  }
}
