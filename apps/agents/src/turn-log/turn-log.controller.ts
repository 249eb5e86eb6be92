import { Payload } from '@nestjs/microservices';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController, readScope } from '@platica/platform';
import { TurnLogRepository } from './turn-log.repository';

/** `GET /v1/conversations/{id}/turns` (docs/agents.md › Turn log): what the runtime did in each turn. */
@RpcController()
export class TurnLogController {
  constructor(private readonly turnLog: TurnLogRepository) {}

  @Handles(ops.turnsList)
  async list(@Payload() request: OperationRequest<typeof ops.turnsList>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const turns = await this.turnLog.list(workspaceIds, request.params.id, request.query.limit);
    return { conversationId: request.params.id, turns, count: turns.length };
  }
}
