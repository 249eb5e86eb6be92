import { Injectable } from '@nestjs/common';
import { modelOperations as ops, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { readScope } from '@platica/platform';
import { ModelUsageRepository, type UsageRow } from './model-usage.repository';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 400;

/**
 * Model tokens and cost by UTC day, agent, connection and model (docs/usage.md › Model cost):
 * the sum of the turn log's model calls, read at request time. A call skipped by a breaker
 * reached no provider and counts nothing.
 */
@Injectable()
export class ModelUsage {
  constructor(private readonly repository: ModelUsageRepository) {}

  async usage(request: OperationRequest<typeof ops.usage>) {
    const scope = readScope(request);
    const range = rangeOf(request.query.startDate, request.query.endDate);
    const rows = scope.length
      ? await this.repository.rows(
          scope.map((w) => w.id),
          range,
        )
      : [];
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
  const start = startDate
    ? new Date(isDay(startDate) ? `${startDate}T00:00:00Z` : startDate)
    : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start > end) throw DomainError.validation([{ path: ['endDate'], message: 'is before startDate' }]);
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) {
    throw DomainError.validation([{ path: ['startDate'], message: `the range may span at most ${MAX_DAYS} days` }]);
  }
  return { start, end };
}

function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
