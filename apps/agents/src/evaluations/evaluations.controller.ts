import { Payload } from '@nestjs/microservices';
import { evaluationOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { EvaluationsService } from './evaluations.service';

/** Agent evaluations (docs/agents.md › Evaluations). */
@RpcController()
export class EvaluationsController {
  constructor(private readonly evaluations: EvaluationsService) {}

  @Handles(ops.create)
  create(@Payload() request: OperationRequest<typeof ops.create>) {
    return this.evaluations.create(request);
  }

  @Handles(ops.list)
  list(@Payload() request: OperationRequest<typeof ops.list>) {
    return this.evaluations.list(request);
  }

  @Handles(ops.get)
  get(@Payload() request: OperationRequest<typeof ops.get>) {
    return this.evaluations.get(request);
  }

  @Handles(ops.cancel)
  cancel(@Payload() request: OperationRequest<typeof ops.cancel>) {
    return this.evaluations.cancel(request);
  }
}
