import { Injectable } from '@nestjs/common';
import { agentOperations as ops, messagingOperations, type OperationRequest } from '@platica/contracts';
import { readScope, RpcClient } from '@platica/platform';
import { TurnLogRepository } from './turn-log.repository';

/** `GET /v1/conversations/{id}/turns` (docs/agents.md › Turn log): what the runtime did in each turn. */
@Injectable()
export class TurnLogService {
  constructor(
    private readonly turnLog: TurnLogRepository,
    private readonly rpc: RpcClient,
  ) {}

  async list(request: OperationRequest<typeof ops.turnsList>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const turns = await this.turnLog.list(workspaceIds, request.params.id, request.query.limit);
    // No turn: the conversation may still be one without agent turns, or not one the credential
    // reaches. Messaging owns conversations and answers 404 for an unknown or another workspace's.
    if (turns.length === 0) await this.rpc.call(messagingOperations.conversationsGet, { ...request, query: {} });
    return { conversationId: request.params.id, turns, count: turns.length };
  }
}
