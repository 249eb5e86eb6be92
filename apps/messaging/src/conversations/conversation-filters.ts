import type { ConversationState, ConversationStatus } from '@platica/contracts';
import { conversationMatch, type SearchTerms } from '../search/search-terms';

/** What a listing of conversations narrows by (`GET /v1/conversations`, `GET /v1/chat`). */
export interface ConversationFilters {
  workspaceIds: string[];
  /** `api_chat` for chat threads. */
  source?: string;
  channelId?: string;
  clientId?: string;
  agentId?: string;
  tags?: string[];
  /** Any of these statuses. */
  statuses?: ConversationStatus[];
  operation?: 'automatic' | 'assistance';
  /** Who answers (whoAnswers in conversation-summary.ts, as SQL). */
  state?: ConversationState;
  /** Assigned to this user; null: unassigned (docs/sending-messages.md › Assignment). */
  assigneeId?: string | null;
  createdFrom?: Date;
  createdBefore?: Date;
  /** `q`: the conversations whose contact, client or messages match (search/search-terms.ts). */
  search?: SearchTerms;
  /** Only these conversations (a search's matches, when they are few). */
  ids?: string[];
}

const OPEN = `status not in ('finished', 'expired', 'spam')`;
/** Each state as SQL: the same rule as whoAnswers (conversation-summary.ts). */
const STATE_SQL: Record<ConversationState, string> = {
  closed: `status in ('finished', 'expired', 'spam')`,
  ai: `${OPEN} and operation = 'automatic'`,
  waiting: `${OPEN} and operation = 'assistance' and operation_changed_by is null`,
  human: `${OPEN} and operation = 'assistance' and operation_changed_by is not null`,
};

/** The filters as a raw-SQL `where` (joined with `and`) and its parameters, in order. */
export function whereOf(filters: ConversationFilters): { where: string[]; params: unknown[] } {
  const where = ['workspace_id in (?)'];
  const params: unknown[] = [filters.workspaceIds];
  const equal = {
    source: filters.source,
    channel_id: filters.channelId,
    client_id: filters.clientId,
    agent_id: filters.agentId,
    operation: filters.operation,
  };
  for (const [column, value] of Object.entries(equal)) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  if (filters.statuses?.length) {
    where.push('status in (?)');
    params.push(filters.statuses);
  }
  if (filters.state) where.push(STATE_SQL[filters.state]);
  if (filters.assigneeId === null) where.push('assignee_id is null');
  else if (filters.assigneeId !== undefined) {
    where.push('assignee_id = ?');
    params.push(filters.assigneeId);
  }
  if (filters.tags?.length) {
    where.push(`jsonb_exists_any(tags, array[${filters.tags.map(() => '?').join(', ')}]::text[])`);
    params.push(...filters.tags);
  }
  if (filters.createdFrom) {
    where.push('created_at >= ?::timestamptz');
    params.push(filters.createdFrom.toISOString());
  }
  if (filters.createdBefore) {
    where.push('created_at < ?::timestamptz');
    params.push(filters.createdBefore.toISOString());
  }
  if (filters.ids) {
    where.push(filters.ids.length ? 'id in (?)' : 'false');
    if (filters.ids.length) params.push(filters.ids);
  }
  if (filters.search) {
    const match = conversationMatch(filters.search, filters.workspaceIds);
    where.push(match.sql);
    params.push(...match.params);
  }
  return { where, params };
}
