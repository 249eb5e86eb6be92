import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { Delegation } from './delegation.entity';
import { SubagentConnection } from './subagent-connection.entity';

/** Active delegations, one per conversation at most. */
@Injectable()
export class DelegationRepository {
  constructor(private readonly db: Database) {}

  find(workspaceId: string, conversationRef: string): Promise<Delegation | null> {
    return this.db.em().findOne(Delegation, { workspaceId, conversationRef });
  }

  /** Starts (or replaces) the conversation's delegation. */
  async start(workspaceId: string, conversationRef: string, principalAgentId: string, subagentId: string, reason: string): Promise<void> {
    await this.db.em().upsert(Delegation, { workspaceId, conversationRef, principalAgentId, subagentId, reason, startedAt: new Date() });
  }

  async end(workspaceId: string, conversationRef: string): Promise<void> {
    await this.db.em().nativeDelete(Delegation, { workspaceId, conversationRef });
  }

  /** The parent's active connections (what the runtime offers as consult/delegate tools). */
  activeConnections(workspaceId: string, parentAgentId: string): Promise<SubagentConnection[]> {
    return this.db.em().find(SubagentConnection, { workspaceId, parentAgentId, status: 'active' }, { orderBy: { connectedAt: 'asc' } });
  }
}
