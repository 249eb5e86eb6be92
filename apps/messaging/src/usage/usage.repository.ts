import { Injectable } from '@nestjs/common';
import type { EvaluationUsageReport, UsageBreakdown } from '@platica/contracts';
import { Database, type Span } from '@platica/platform';
import type { ActorCount } from './usage-figures';

/**
 * Where a figure is read from: `aggregates` (the 15-minute buckets the triggers keep; the span
 * must be whole buckets) or `recount` (the conversations, messages and outbox events
 * themselves: the edges of a span that is not, and the check of the aggregates).
 */
export type UsageSource = 'aggregates' | 'recount';

const BILLABLE = `direction = 'outgoing' and status in ('sent', 'delivered', 'read')`;

/** Evaluation tokens of a span (usage's `evaluations`, less `totalTokens`). */
export interface EvaluationTokens {
  evaluationCount: number;
  turnCount: number;
  inputTokens: number;
  outputTokens: number;
}

/** The breakdown key of each dimension, on the aggregate table and on the conversation table. */
const CONVERSATION_KEYS: Record<Exclude<UsageBreakdown, 'tag'>, { aggregate: string; recount: string }> = {
  platform: { aggregate: 'platform', recount: 'platform' },
  channel: { aggregate: 'channel_id', recount: 'channel_id' },
  agent: { aggregate: `nullif(agent_id, '')`, recount: 'agent_id' },
};

/** Conversations of one local day (an index of the span's day starts) under one key. */
export interface DayIndexCount {
  day: number;
  key: string | null;
  value: number;
}

/** A Postgres array literal, passed as one parameter (`?::timestamptz[]`). */
const timestampArray = (instants: Date[]) => `{${instants.map((d) => d.toISOString()).join(',')}}`;

/** Usage figures: plain SQL over the aggregates and, for recounts, the primary rows. */
@Injectable()
export class UsageRepository {
  constructor(private readonly db: Database) {}

  /**
   * Conversations created in the span, by local day and the dimension's key: `day` is the index
   * of `dayStarts` (1-based) the creation falls in (`localDays`; a binary search per row, no
   * timezone conversion).
   */
  async conversationsByDay(
    workspaceId: string,
    dayStarts: Date[],
    span: Span,
    dimension: UsageBreakdown,
    source: UsageSource,
  ): Promise<DayIndexCount[]> {
    const params = [timestampArray(dayStarts), workspaceId, span.from, span.to];
    let sql: string;
    if (dimension === 'tag') {
      sql =
        source === 'aggregates'
          ? `select width_bucket(bucket, ?::timestamptz[]) as day, nullif(tag, '') as key, sum(conversations)::int as value
               from messaging.usage_tag_bucket where workspace_id = ? and bucket >= ? and bucket < ? group by 1, 2`
          : `select width_bucket(c.created_at, ?::timestamptz[]) as day, t.tag as key, count(*)::int as value
               from messaging.conversation c
               cross join lateral (select distinct x as tag from jsonb_array_elements_text(case when jsonb_array_length(c.tags) = 0 then '[null]'::jsonb else c.tags end) as x) t
              where c.workspace_id = ? and c.created_at >= ? and c.created_at < ? group by 1, 2`;
    } else {
      const key = CONVERSATION_KEYS[dimension];
      sql =
        source === 'aggregates'
          ? `select width_bucket(bucket, ?::timestamptz[]) as day, ${key.aggregate} as key, sum(conversations)::int as value
               from messaging.usage_conversation_bucket where workspace_id = ? and bucket >= ? and bucket < ? group by 1, 2`
          : `select width_bucket(created_at, ?::timestamptz[]) as day, ${key.recount} as key, count(*)::int as value
               from messaging.conversation where workspace_id = ? and created_at >= ? and created_at < ? group by 1, 2`;
    }
    return this.db.execute<DayIndexCount[]>(sql, params);
  }

  /**
   * Conversations created in the span that a person assisted (the agent asked for one, or a person
   * took it over, by Take over or by replying: docs/usage.md), and the agent's requests for a person.
   */
  async assistance(workspaceId: string, span: Span, source: UsageSource): Promise<{ assisted: number; requests: number }> {
    const sql =
      source === 'aggregates'
        ? `select count(*)::int as assisted, coalesce(sum(requests), 0)::int as requests
             from messaging.usage_assisted_conversation where workspace_id = ? and bucket >= ? and bucket < ?`
        : `select count(distinct c.id)::int as assisted, count(e.id) filter (where e.type = 'conversation.assistance.requested')::int as requests
             from messaging.conversation c join messaging.outbox_event e
               on e.workspace_id = c.workspace_id and e.data -> 'conversation' ->> 'id' = c.id
              and (e.type = 'conversation.assistance.requested' or (e.type = 'conversation.operation.updated' and e.data ->> 'operation' = 'assistance'))
            where c.workspace_id = ? and c.created_at >= ? and c.created_at < ?`;
    const [row] = await this.db.execute<{ assisted: number; requests: number }[]>(sql, [workspaceId, span.from, span.to]);
    return row ?? { assisted: 0, requests: 0 };
  }

  /**
   * The same, for a span's edge: the per-conversation aggregate joined to the conversations
   * created in it (the outbox has no index by conversation; these rows are one per assisted conversation).
   */
  async assistanceOfConversationsCreated(workspaceId: string, span: Span): Promise<{ assisted: number; requests: number }> {
    const [row] = await this.db.execute<{ assisted: number; requests: number }[]>(
      `select count(*)::int as assisted, coalesce(sum(a.requests), 0)::int as requests
         from messaging.conversation c join messaging.usage_assisted_conversation a on a.conversation_ref = c.id
        where c.workspace_id = ? and c.created_at >= ? and c.created_at < ?`,
      [workspaceId, span.from, span.to],
    );
    return row ?? { assisted: 0, requests: 0 };
  }

  /** Billable messages created in the span, by actor type and (for `user`) user. */
  async messagesByActor(workspaceId: string, span: Span, source: UsageSource): Promise<ActorCount[]> {
    const sql =
      source === 'aggregates'
        ? `select actor_type as "actorType", nullif(actor_id, '') as "actorId", sum(messages)::int as messages
             from messaging.usage_message_bucket where workspace_id = ? and bucket >= ? and bucket < ? group by 1, 2`
        : `select actor_type as "actorType", case when actor_type = 'user' then actor_id end as "actorId", count(*)::int as messages
             from messaging.message where workspace_id = ? and created_at >= ? and created_at < ? and ${BILLABLE} group by 1, 2`;
    return this.db.execute<ActorCount[]>(sql, [workspaceId, span.from, span.to]);
  }

  /** An evaluation turn's tokens: a report repeated (a retried replay) replaces the turn's row. */
  async recordEvaluationTurn(report: EvaluationUsageReport): Promise<void> {
    await this.db.execute(
      `insert into messaging.evaluation_usage (evaluation_id, turn_id, workspace_id, input_tokens, output_tokens, recorded_at)
       values (?, ?, ?, ?, ?, now())
       on conflict (evaluation_id, turn_id) do update set input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
         recorded_at = excluded.recorded_at where evaluation_usage.workspace_id = excluded.workspace_id`,
      [report.evaluationId, report.turnId, report.workspaceId, report.inputTokens, report.outputTokens],
    );
  }

  /** Evaluation tokens recorded in the span (the index on workspace and time reads them directly: a few rows per turn replayed). */
  async evaluationTokens(workspaceId: string, span: Span): Promise<EvaluationTokens> {
    const [row] = await this.db.execute<EvaluationTokens[]>(
      `select count(distinct evaluation_id)::int as "evaluationCount", count(*)::int as "turnCount",
              coalesce(sum(input_tokens), 0)::int as "inputTokens", coalesce(sum(output_tokens), 0)::int as "outputTokens"
         from messaging.evaluation_usage where workspace_id = ? and recorded_at >= ? and recorded_at < ?`,
      [workspaceId, span.from, span.to],
    );
    return row ?? { evaluationCount: 0, turnCount: 0, inputTokens: 0, outputTokens: 0 };
  }

  /** Names of the workspace's channels, for the `channel` breakdown's labels. */
  async channelNames(workspaceId: string): Promise<Map<string, string>> {
    const rows = await this.db.execute<{ id: string; name: string }[]>('select id, name from messaging.channel where workspace_id = ?', [
      workspaceId,
    ]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
