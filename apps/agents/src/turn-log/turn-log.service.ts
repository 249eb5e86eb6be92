import { Injectable } from '@nestjs/common';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { readScope } from '@platica/platform';
import { TurnLogRepository } from './turn-log.repository';

/** `GET /v1/conversations/{id}/turns` (docs/agents.md › Turn log): what the runtime did in each turn. */
@Injectable()
export class TurnLogService {
  constructor(private readonly turnLog: TurnLogRepository) {}

  async list(request: OperationRequest<typeof ops.turnsList>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const turns = await this.turnLog.list(workspaceIds, request.params.id, request.query.limit);
    return { conversationId: request.params.id, turns, count: turns.length };
  }
}
