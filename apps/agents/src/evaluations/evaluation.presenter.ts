import type { Evaluation, EvaluationTurnResult } from './evaluation.entity';

/** An evaluation as `GET /evaluations` shows it (contracts' evaluationSchema). */
export function presentEvaluation(evaluation: Evaluation, progress: { turns: number; done: number; tokens: number }) {
  return {
    id: evaluation.id,
    agentId: evaluation.agentId,
    status: evaluation.status,
    candidate: { promptId: evaluation.promptId, systemPrompt: evaluation.systemPrompt, model: evaluation.model },
    sample: evaluation.sample,
    checks: evaluation.checks,
    judge: evaluation.judge,
    budget: { maxTurns: evaluation.maxTurns, maxTokens: evaluation.maxTokens },
    progress,
    summary: evaluation.summary,
    error: evaluation.error,
    createdAt: evaluation.createdAt.toISOString(),
    finishedAt: evaluation.finishedAt?.toISOString() ?? null,
  };
}

/** One turn's results (contracts' evaluationTurnSchema). */
export function presentEvaluationTurn(turn: EvaluationTurnResult) {
  return {
    turnId: turn.turnId,
    conversationId: turn.conversationRef,
    position: turn.position,
    status: turn.status,
    detail: turn.detail,
    customerText: turn.customerText,
    recorded: turn.recorded,
    candidate: turn.candidate,
    comparison: turn.comparison,
    checks: turn.checks,
    judge: turn.judge,
    tokens: turn.tokens,
  };
}
