import { Injectable } from '@nestjs/common';
import { Database, type Span } from '@platica/platform';

/** One row of model usage: a day of the workspace's timezone, agent, connection and model of a workspace, its counts as PostgreSQL answers them. */
export interface UsageRow {
  workspace_id: string;
  date: string;
  agent_id: string | null;
  connection_id: string | null;
  model: string;
  calls: string;
  input_tokens: string;
  output_tokens: string;
  cost_usd: string;
  unpriced_calls: string;
}

/**
 * The model calls summed for the usage figures (docs/usage.md › Model cost): the turn log's, and
 * those made outside turns (reply drafts, knowledge proposals: agents.model_call_record).
 */
@Injectable()
export class ModelUsageRepository {
  constructor(private readonly db: Database) {}

  /** The workspace's calls within `span`, by day of `timeZone` (an IANA name, which PostgreSQL knows too), agent, connection and model. */
  rows(workspaceId: string, timeZone: string, span: Span): Promise<UsageRow[]> {
    // Turns started up to a day before the range may hold calls within it (a turn waiting out an outage).
    return this.db.em().execute(
      `with calls as (
         select t.workspace_id, coalesce(c->>'agentId', t.speaker_agent_id, t.agent_id) as agent_id, c
           from agents.turn_log t, jsonb_array_elements(t.model_calls) c
          where t.workspace_id = ?
            and t.started_at >= ?::timestamptz - interval '1 day' and t.started_at < ?
            and (c->>'at')::timestamptz >= ? and (c->>'at')::timestamptz < ?
         union all
         select r.workspace_id, r.agent_id, r.call as c
           from agents.model_call_record r
          where r.workspace_id = ? and r.at >= ? and r.at < ?)
       select workspace_id,
              to_char((c->>'at')::timestamptz at time zone ?, 'YYYY-MM-DD') as date,
              agent_id,
              c->>'connectionId' as connection_id,
              c->>'model' as model,
              count(*) as calls,
              coalesce(sum((c->>'inputTokens')::bigint), 0) as input_tokens,
              coalesce(sum((c->>'outputTokens')::bigint), 0) as output_tokens,
              coalesce(sum((c->>'costUsd')::numeric), 0) as cost_usd,
              count(*) filter (where c->>'costUsd' is null and (c->>'inputTokens' is not null or c->>'outputTokens' is not null)) as unpriced_calls
         from calls
        where coalesce(c->'error'->>'code', '') <> 'circuit_open'
        group by 1, 2, 3, 4, 5
        order by 2, 3, 5, 4`,
      [workspaceId, span.from, span.to, span.from, span.to, workspaceId, span.from, span.to, timeZone],
    );
  }
}
