import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';

/** One row of model usage: a UTC day, agent, connection and model of a workspace, its counts as PostgreSQL answers them. */
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

/** The turn log's model calls summed for the usage figures (docs/usage.md › Model cost). */
@Injectable()
export class ModelUsageRepository {
  constructor(private readonly db: Database) {}

  rows(workspaceIds: string[], range: { start: Date; end: Date }): Promise<UsageRow[]> {
    // Turns started up to a day before the range may hold calls within it (a turn waiting out an outage).
    return this.db.em().execute(
      `select t.workspace_id,
              to_char((c->>'at')::timestamptz at time zone 'UTC', 'YYYY-MM-DD') as date,
              coalesce(c->>'agentId', t.speaker_agent_id, t.agent_id) as agent_id,
              c->>'connectionId' as connection_id,
              c->>'model' as model,
              count(*) as calls,
              coalesce(sum((c->>'inputTokens')::bigint), 0) as input_tokens,
              coalesce(sum((c->>'outputTokens')::bigint), 0) as output_tokens,
              coalesce(sum((c->>'costUsd')::numeric), 0) as cost_usd,
              count(*) filter (where c->>'costUsd' is null and (c->>'inputTokens' is not null or c->>'outputTokens' is not null)) as unpriced_calls
         from agents.turn_log t, jsonb_array_elements(t.model_calls) c
        where t.workspace_id in (?)
          and t.started_at >= ?::timestamptz - interval '1 day' and t.started_at <= ?
          and (c->>'at')::timestamptz between ? and ?
          and coalesce(c->'error'->>'code', '') <> 'circuit_open'
        group by 1, 2, 3, 4, 5
        order by 2, 3, 5, 4`,
      [workspaceIds, range.start, range.end, range.start, range.end],
    );
  }
}
