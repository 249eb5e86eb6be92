import { Injectable } from '@nestjs/common';
import type {
  TurnLogDelegation,
  TurnLogEntry,
  TurnLogGuardrail,
  TurnLogKnowledge,
  TurnLogModelCall,
  TurnLogSummary,
  TurnLogToolCall,
} from '@platica/contracts';
import { Database } from '@platica/platform';
import type { RecordedModelCall } from './turn-log.entity';
import { shownToolCall } from './tool-call-redaction';

/** Where a turn's entry belongs. */
export interface TurnRef {
  turnId: string;
  workspaceId: string;
  conversationRef: string;
}

type Outcome = NonNullable<TurnLogEntry['outcome']>;

/**
 * A tool call as stored: the public record, and what an evaluation replays it with (the
 * arguments, and the result when its JSON is at most RECORDED_OUTPUT_CHARS). Never read back
 * through `GET /turns`: results may hold customer data.
 */
export type RecordedToolCall = Omit<TurnLogToolCall, 'arguments' | 'result'> & {
  input?: Record<string, unknown>;
  ok?: boolean;
  output?: unknown;
};

/** What an evaluation reads of a recorded turn. */
export interface RecordedTurn {
  outcome: Outcome | null;
  agentId: string | null;
  guardrail: TurnLogGuardrail | null;
  toolCalls: RecordedToolCall[];
  delegations: TurnLogDelegation[];
}

/** The longest tool result kept for evaluations (its JSON); a longer one is replayed as unrecorded. */
export const RECORDED_OUTPUT_CHARS = 16_000;

interface TurnLogRow {
  turn_id: string;
  conversation_ref: string;
  agent_id: string | null;
  speaker_agent_id: string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  outcome: Outcome | null;
  detail: string | null;
  guardrail: TurnLogGuardrail | null;
  tool_calls: RecordedToolCall[] | null;
  delegations: TurnLogDelegation[] | null;
  summaries: TurnLogSummary[] | null;
  model_calls: RecordedModelCall[] | null;
  knowledge: TurnLogKnowledge | null;
}

/**
 * The turn log. Each activity of a turn adds its part to the turn's row, made by whichever
 * comes first; tool calls of one round run in parallel, so lists are appended in SQL, never
 * read and written back.
 */
@Injectable()
export class TurnLogRepository {
  constructor(private readonly db: Database) {}

  async start(ref: TurnRef, agents: { agentId: string | null; speakerAgentId?: string | null }): Promise<void> {
    await this.db.execute(
      `insert into agents.turn_log (turn_id, workspace_id, conversation_ref, agent_id, speaker_agent_id, started_at, tool_calls, delegations, summaries)
       values (?, ?, ?, ?, ?, now(), '[]', '[]', '[]')
       on conflict (turn_id) do update set agent_id = coalesce(excluded.agent_id, turn_log.agent_id),
         speaker_agent_id = coalesce(excluded.speaker_agent_id, turn_log.speaker_agent_id)`,
      [ref.turnId, ref.workspaceId, ref.conversationRef, agents.agentId, agents.speakerAgentId ?? null],
    );
  }

  async guardrail(ref: TurnRef, verdict: TurnLogGuardrail): Promise<void> {
    await this.record(ref, { guardrail: '?::jsonb' }, [JSON.stringify(verdict)], 'guardrail = excluded.guardrail');
  }

  async toolCall(ref: TurnRef, call: RecordedToolCall): Promise<void> {
    await this.record(ref, { tool_calls: '?::jsonb' }, [JSON.stringify([call])], 'tool_calls = turn_log.tool_calls || excluded.tool_calls');
  }

  async delegation(ref: TurnRef, delegation: TurnLogDelegation): Promise<void> {
    await this.record(
      ref,
      { delegations: '?::jsonb' },
      [JSON.stringify([delegation])],
      'delegations = turn_log.delegations || excluded.delegations',
    );
  }

  async summary(ref: TurnRef, summary: TurnLogSummary): Promise<void> {
    await this.record(ref, { summaries: '?::jsonb' }, [JSON.stringify([summary])], 'summaries = turn_log.summaries || excluded.summaries');
  }

  /** The call's record, in place of one of the same key (the same call recorded again). */
  async modelCall(ref: TurnRef, call: RecordedModelCall): Promise<void> {
    await this.record(
      ref,
      { model_calls: '?::jsonb' },
      [JSON.stringify([call])],
      `model_calls = coalesce((select jsonb_agg(kept.call order by kept.position) from jsonb_array_elements(turn_log.model_calls)
         with ordinality as kept(call, position) where kept.call->>'key' is distinct from excluded.model_calls->0->>'key'), '[]'::jsonb)
         || excluded.model_calls`,
    );
  }

  /** What the reply retrieved and cited; a reply stored again (a retried step) records the same again. */
  async knowledge(ref: TurnRef, knowledge: TurnLogKnowledge): Promise<void> {
    await this.record(ref, { knowledge: '?::jsonb' }, [JSON.stringify(knowledge)], 'knowledge = excluded.knowledge');
  }

  async end(ref: TurnRef, outcome: Outcome, detail: string | null): Promise<void> {
    await this.record(
      ref,
      { outcome: '?', detail: '?', ended_at: 'now()' },
      [outcome, detail],
      'outcome = excluded.outcome, detail = excluded.detail, ended_at = excluded.ended_at',
    );
  }

  /** One turn as recorded, tool calls' arguments and results included (an evaluation replays it). */
  async find(workspaceId: string, turnId: string): Promise<RecordedTurn | null> {
    const [row] = await this.db.execute<TurnLogRow[]>('select * from agents.turn_log where turn_id = ? and workspace_id = ?', [
      turnId,
      workspaceId,
    ]);
    return row
      ? {
          outcome: row.outcome ?? null,
          agentId: row.agent_id ?? null,
          guardrail: row.guardrail ?? null,
          toolCalls: row.tool_calls ?? [],
          delegations: row.delegations ?? [],
        }
      : null;
  }

  /** The conversation's latest `limit` turns, oldest first. */
  async list(workspaceIds: string[], conversationRef: string, limit: number): Promise<TurnLogEntry[]> {
    if (!workspaceIds.length) return [];
    const rows = await this.db.execute<TurnLogRow[]>(
      `select * from (
         select * from agents.turn_log where workspace_id in (?) and conversation_ref = ?
          order by started_at desc, turn_id desc limit ?
       ) latest order by started_at, turn_id`,
      [workspaceIds, conversationRef, limit],
    );
    return rows.map((row) => ({
      id: row.turn_id,
      conversationId: row.conversation_ref,
      agentId: row.agent_id ?? null,
      speakerAgentId: row.speaker_agent_id ?? null,
      startedAt: new Date(row.started_at).toISOString(),
      endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      outcome: row.outcome ?? null,
      detail: row.detail ?? null,
      guardrail: row.guardrail ?? null,
      toolCalls: (row.tool_calls ?? []).map(publicToolCall),
      delegations: row.delegations ?? [],
      summaries: row.summaries ?? [],
      modelCalls: (row.model_calls ?? []).map(publicModelCall).sort(inOrderMade),
      knowledge: row.knowledge ?? null,
    }));
  }

  /**
   * Adds to the turn's row in one statement: `values` (column: SQL, with `params`) make the row
   * when this is the turn's first record (a failure before any model call); otherwise `merge`
   * (of `excluded`, the values) updates it.
   */
  private async record(ref: TurnRef, values: Record<string, string>, params: unknown[], merge: string): Promise<void> {
    const columns = { started_at: 'now()', tool_calls: `'[]'`, delegations: `'[]'`, summaries: `'[]'`, model_calls: `'[]'`, ...values };
    await this.db.execute(
      `insert into agents.turn_log (turn_id, workspace_id, conversation_ref, ${Object.keys(columns).join(', ')})
       values (?, ?, ?, ${Object.values(columns).join(', ')})
       on conflict (turn_id) do update set ${merge}`,
      [ref.turnId, ref.workspaceId, ref.conversationRef, ...params],
    );
  }
}

function publicToolCall(recorded: RecordedToolCall): TurnLogToolCall {
  const { input: _input, ok: _ok, output: _output, ...call } = recorded;
  return { ...call, ...shownToolCall(recorded) };
}

function publicModelCall({ key: _key, ...call }: RecordedModelCall): TurnLogModelCall {
  return call;
}

/**
 * Model calls in the order they were made. Their records are written concurrently, so the stored
 * order is not it: by start, then by their place in the turn (a call skipped by its open breaker
 * and its fallback start in the same millisecond).
 */
export function inOrderMade(a: TurnLogModelCall, b: TurnLogModelCall): number {
  return (
    a.at.localeCompare(b.at) ||
    (a.round ?? -1) - (b.round ?? -1) ||
    a.attempt - b.attempt ||
    (a.fallbackIndex ?? 0) - (b.fallbackIndex ?? 0)
  );
}
