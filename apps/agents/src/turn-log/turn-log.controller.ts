import { Payload } from '@nestjs/microservices';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TurnLogService } from './turn-log.service';

/** `GET /v1/conversations/{id}/turns` (docs/agents.md › Turn log): what the runtime did in each turn. */
@RpcController()
export class TurnLogController {
  constructor(private readonly turnLog: TurnLogService) {}

  @Handles(ops.turnsList)
  list(@Payload() request: OperationRequest<typeof ops.turnsList>) {
    return this.turnLog.list(request);
  }
}
