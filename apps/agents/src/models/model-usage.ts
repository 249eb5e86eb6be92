import { Injectable } from '@nestjs/common';
import { modelOperations as ops, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Database, readScope } from '@platica/platform';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 400;

interface UsageRow {
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
 * Model tokens and cost by UTC day, agent, connection and model (docs/usage.md › Model cost):
 * the sum of the turn log's model calls, read at request time. A call skipped by a breaker
 * reached no provider and counts nothing.
 */
@Injectable()
export class ModelUsage {
  constructor(private readonly db: Database) {}

  async usage(request: OperationRequest<typeof ops.usage>) {
    const scope = readScope(request);
    const range = rangeOf(request.query.startDate, request.query.endDate);
    const rows = scope.length ? await this.rows(scope.map((w) => w.id), range) : [];
    return {
      workspaces: scope.map((workspace) => {
        const own = rows.filter((row) => row.workspace_id === workspace.id).map(rowOf);
        const sum = (pick: (row: ReturnType<typeof rowOf>) => number) => own.reduce((total, row) => total + pick(row), 0);
        return {
          id: workspace.id,
          name: workspace.name,
          models: {
            range: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
            totals: {
              calls: sum((r) => r.calls),
              inputTokens: sum((r) => r.inputTokens),
              outputTokens: sum((r) => r.outputTokens),
              costUsd: roundUsd(sum((r) => r.costUsd)),
              unpricedCalls: sum((r) => r.unpricedCalls),
            },
            rows: own,
          },
        };
      }),
    };
  }

  private rows(workspaceIds: string[], range: { start: Date; end: Date }): Promise<(UsageRow & { workspace_id: string })[]> {
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

function rowOf(row: UsageRow) {
  return {
    date: row.date,
    agentId: row.agent_id,
    connectionId: row.connection_id,
    model: row.model,
    calls: Number(row.calls),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    costUsd: roundUsd(Number(row.cost_usd)),
    unpricedCalls: Number(row.unpriced_calls),
  };
}

function roundUsd(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

/** The range read: a day is a UTC day (an end day included whole), an instant as given; 30 days to now by default. */
export function rangeOf(startDate: string | undefined, endDate: string | undefined, now = Date.now()): { start: Date; end: Date } {
  const end = endDate ? new Date(isDay(endDate) ? Date.parse(`${endDate}T00:00:00Z`) + DAY_MS - 1 : Date.parse(endDate)) : new Date(now);
  const start = startDate ? new Date(isDay(startDate) ? `${startDate}T00:00:00Z` : startDate) : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start > end) throw DomainError.validation([{ path: ['endDate'], message: 'is before startDate' }]);
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) {
    throw DomainError.validation([{ path: ['startDate'], message: `the range may span at most ${MAX_DAYS} days` }]);
  }
  return { start, end };
}

function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
