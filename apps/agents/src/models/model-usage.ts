import { Injectable } from '@nestjs/common';
import { modelOperations as ops, workspaceOperations, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { formatInstant, isTimeZone, rangeBound, readScope, RpcClient, type Span } from '@platica/platform';
import { ModelUsageRepository, type UsageRow } from './model-usage.repository';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 400;

/**
 * Model tokens and cost by day, agent, connection and model (docs/usage.md › Model cost): the sum
 * of the model calls (the turn log's, and reply drafts' and knowledge proposals'), read at
 * request time. Days are the workspace's timezone's, as the other usage figures' are (its
 * profile from the gateway). A call skipped by a breaker reached no provider and counts nothing.
 */
@Injectable()
export class ModelUsage {
  constructor(
    private readonly repository: ModelUsageRepository,
    private readonly rpc: RpcClient,
  ) {}

  async usage(request: OperationRequest<typeof ops.usage>) {
    const scope = readScope(request);
    const profiles = scope.length ? (await this.rpc.call(workspaceOperations.profiles, { ...request, query: {} })).workspaces : [];
    const now = Date.now();
    // Every range is resolved (and refused) before any figure is read.
    const plans = scope.map((workspace) => {
      const timezone = profiles.find((profile) => profile.id === workspace.id)?.timezone;
      const timeZone = timezone && isTimeZone(timezone) ? timezone : 'UTC';
      return { workspace, timeZone, span: rangeOf(request.query.startDate, request.query.endDate, timeZone, now) };
    });
    return {
      workspaces: await Promise.all(
        plans.map(async ({ workspace, timeZone, span }) => {
          const own = (await this.repository.rows(workspace.id, timeZone, span)).map(rowOf);
          const sum = (pick: (row: ReturnType<typeof rowOf>) => number) => own.reduce((total, row) => total + pick(row), 0);
          return {
            id: workspace.id,
            name: workspace.name,
            models: {
              range: { startDate: formatInstant(span.from, timeZone), endDate: formatInstant(new Date(span.to.getTime() - 1), timeZone) },
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
      ),
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

/**
 * The span read, `[from, to)`: a day is a day of the workspace's timezone (an end day included
 * whole), an instant as given (included); 30 days to now by default.
 */
export function rangeOf(startDate: string | undefined, endDate: string | undefined, timeZone: string, now = Date.now()): Span {
  const to = endDate ? rangeBound(endDate, 'end', timeZone) : new Date(now);
  const from = startDate ? rangeBound(startDate, 'start', timeZone) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (from >= to) throw DomainError.validation([{ path: ['endDate'], message: 'is before startDate' }]);
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) {
    throw DomainError.validation([{ path: ['startDate'], message: `the range may span at most ${MAX_DAYS} days` }]);
  }
  return { from, to };
}
