import { Injectable } from '@nestjs/common';
import type { EvaluationCreate, EvaluationStatus, EvaluationSummary } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Database, newId } from '@platica/platform';
import type { PromptVerdict, PromptVerdicts } from '../agents/prompt-activation-gate';
import { Evaluation, EvaluationTurnResult } from './evaluation.entity';

/** A recorded turn an evaluation may replay: the turn log's row of a turn the agent itself answered. */
export interface SampledTurn {
  turnId: string;
  conversationRef: string;
}

/** Evaluations and their turns; every lookup is scoped to the caller's workspace. */
@Injectable()
export class EvaluationRepository implements PromptVerdicts {
  constructor(private readonly db: Database) {}

  async create(
    workspaceId: string,
    agentId: string,
    request: EvaluationCreate,
    candidate: { promptId: string | null; systemPrompt: string },
    maxRunning: number,
  ): Promise<Evaluation | null> {
    return this.db.em().transactional(async (em) => {
      // Starts in one workspace take turns, so concurrent ones cannot pass the bound together.
      await em.execute(`select pg_advisory_xact_lock(hashtext('agents.evaluation:' || ?))`, [workspaceId]);
      const [running] = await em.execute<{ count: number }[]>(
        `select count(*)::int as count from agents.evaluation where workspace_id = ? and status = 'running'`,
        [workspaceId],
      );
      if ((running?.count ?? 0) >= maxRunning) return null;
      const evaluation = em.create(Evaluation, {
        id: newId('evl'),
        workspaceId,
        agentId,
        status: 'running',
        promptId: candidate.promptId,
        systemPrompt: candidate.systemPrompt,
        model: request.candidate.model ?? null,
        sample: request.sample,
        checks: request.checks,
        judge: request.judge ? { rubric: request.judge.rubric, model: request.judge.model ?? null } : null,
        maxTurns: request.budget.maxTurns,
        maxTokens: request.budget.maxTokens,
        summary: null,
        error: null,
        finishedAt: null,
      });
      await em.flush();
      return evaluation;
    });
  }

  async get(workspaceIds: string[], agentId: string, id: string): Promise<Evaluation> {
    const evaluation = await this.db.em().findOne(Evaluation, { id, agentId, workspaceId: { $in: workspaceIds } });
    if (!evaluation) throw DomainError.notFound('Evaluation', id);
    return evaluation;
  }

  /** The runtime's lookup (the workflow names the evaluation it runs). */
  async find(workspaceId: string, id: string): Promise<Evaluation> {
    const evaluation = await this.db.em().findOne(Evaluation, { id, workspaceId });
    if (!evaluation) throw new Error(`evaluation ${id} does not exist`);
    return evaluation;
  }

  /** Newest first: of one prompt version when `promptId` is given, finished (any status but running) or running when `finished` is. */
  list(workspaceIds: string[], agentId: string, filter: { promptId?: string; finished?: boolean; limit: number }): Promise<Evaluation[]> {
    return this.db.em().find(
      Evaluation,
      {
        agentId,
        workspaceId: { $in: workspaceIds },
        ...(filter.promptId !== undefined ? { promptId: filter.promptId } : {}),
        ...(filter.finished === undefined ? {} : { status: filter.finished ? { $ne: 'running' } : 'running' }),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: filter.limit },
    );
  }

  /** The agent's latest finished evaluation of a prompt version, if any (what the activation gate reads). */
  async latestOfPrompt(workspaceId: string, agentId: string, promptId: string): Promise<PromptVerdict | null> {
    const latest = await this.db
      .em()
      .findOne(
        Evaluation,
        { workspaceId, agentId, promptId, status: { $nin: ['running'] } },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      );
    return latest && { evaluationId: latest.id, status: latest.status, passed: latest.summary?.passed === true };
  }

  async finish(workspaceId: string, id: string, status: EvaluationStatus, summary: EvaluationSummary, error: string | null): Promise<void> {
    await this.db.execute(
      `update agents.evaluation set status = ?, summary = ?::jsonb, error = ?, finished_at = coalesce(finished_at, now())
        where id = ? and workspace_id = ?`,
      [status, JSON.stringify(summary), error, id, workspaceId],
    );
  }

  /**
   * The agent's recorded turns of the sample, oldest first: turns the agent answered itself
   * (a sub-agent's are another prompt's), at most `maxConversations` conversations and `maxTurns` turns.
   */
  async recordedTurns(
    workspaceId: string,
    agentId: string,
    sample: EvaluationCreate['sample'],
    bounds: { maxConversations: number; maxTurns: number },
  ): Promise<SampledTurn[]> {
    const answered = `workspace_id = ? and agent_id = ? and coalesce(speaker_agent_id, agent_id) = agent_id
      and outcome in ('answered', 'guardrail', 'assistance')`;
    let conversations: string[];
    if (sample.conversationIds) conversations = sample.conversationIds;
    else if (sample.last) {
      const rows = await this.db.execute<{ conversation_ref: string }[]>(
        `select conversation_ref from agents.turn_log where ${answered}
          group by conversation_ref order by max(started_at) desc limit ?`,
        [workspaceId, agentId, sample.last],
      );
      conversations = rows.map((row) => row.conversation_ref);
    } else {
      const rows = await this.db.execute<{ conversation_ref: string }[]>(
        `select conversation_ref from agents.turn_log where ${answered} and started_at >= coalesce(?::timestamptz, '-infinity')
           and started_at < coalesce(?::timestamptz, 'infinity')
          group by conversation_ref order by max(started_at) desc limit ?`,
        [workspaceId, agentId, sample.from ?? null, sample.to ?? null, bounds.maxConversations],
      );
      conversations = rows.map((row) => row.conversation_ref);
    }
    if (!conversations.length) return [];
    const range = sample.from || sample.to;
    const rows = await this.db.execute<{ turn_id: string; conversation_ref: string }[]>(
      `select turn_id, conversation_ref from agents.turn_log where ${answered} and conversation_ref in (?)
         ${range ? `and started_at >= coalesce(?::timestamptz, '-infinity') and started_at < coalesce(?::timestamptz, 'infinity')` : ''}
        order by started_at, turn_id limit ?`,
      [workspaceId, agentId, conversations, ...(range ? [sample.from ?? null, sample.to ?? null] : []), bounds.maxTurns],
    );
    return rows.map((row) => ({ turnId: row.turn_id, conversationRef: row.conversation_ref }));
  }

  /** The sampled turns stored `pending` (once: a retried sampling keeps the first). */
  async addTurns(evaluationId: string, turns: SampledTurn[]): Promise<void> {
    if (!turns.length) return;
    await this.db.execute(
      `insert into agents.evaluation_turn (evaluation_id, turn_id, conversation_ref, position, status, checks, tokens)
       select ?, t.turn_id, t.conversation_ref, t.position, 'pending', '[]', 0
         from jsonb_to_recordset(?::jsonb) as t(turn_id text, conversation_ref text, position int)
       on conflict do nothing`,
      [
        evaluationId,
        JSON.stringify(turns.map((turn, position) => ({ turn_id: turn.turnId, conversation_ref: turn.conversationRef, position }))),
      ],
    );
  }

  turns(evaluationId: string, page?: { limit: number; offset: number }): Promise<EvaluationTurnResult[]> {
    return this.db
      .em()
      .find(
        EvaluationTurnResult,
        { evaluationId },
        { orderBy: { position: 'asc' }, ...(page ? { limit: page.limit, offset: page.offset } : {}) },
      );
  }

  async turn(evaluationId: string, turnId: string): Promise<EvaluationTurnResult> {
    const turn = await this.db.em().findOne(EvaluationTurnResult, { evaluationId, turnId });
    if (!turn) throw new Error(`turn ${turnId} is not part of evaluation ${evaluationId}`);
    return turn;
  }

  /** How far the evaluation got: its turns, the ones done (replayed or skipped), the tokens used. */
  async progress(evaluationId: string): Promise<{ turns: number; done: number; tokens: number }> {
    const [row] = await this.db.execute<{ turns: string; done: string; tokens: string | null }[]>(
      `select count(*) as turns, count(*) filter (where status <> 'pending') as done, sum(tokens) as tokens
         from agents.evaluation_turn where evaluation_id = ?`,
      [evaluationId],
    );
    return { turns: Number(row?.turns ?? 0), done: Number(row?.done ?? 0), tokens: Number(row?.tokens ?? 0) };
  }

  /**
   * A turn's result (replayed or skipped), written over what a previous attempt wrote; dropped
   * once the evaluation has ended (a replay still running when it was cancelled), so its summary stays its turns'.
   */
  async storeTurn(result: EvaluationTurnResult): Promise<void> {
    await this.db.execute(
      `update agents.evaluation_turn set status = ?, detail = ?, customer_text = ?, recorded = ?::jsonb, candidate = ?::jsonb,
         comparison = ?::jsonb, checks = ?::jsonb, judge = ?::jsonb, tokens = ?
        where evaluation_id = ? and turn_id = ?
          and exists (select 1 from agents.evaluation e where e.id = evaluation_turn.evaluation_id and e.status = 'running')`,
      [
        result.status,
        result.detail,
        result.customerText,
        json(result.recorded),
        json(result.candidate),
        json(result.comparison),
        JSON.stringify(result.checks),
        json(result.judge),
        result.tokens,
        result.evaluationId,
        result.turnId,
      ],
    );
  }
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
