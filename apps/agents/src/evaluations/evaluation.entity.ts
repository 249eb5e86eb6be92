import { defineEntity, p } from '@mikro-orm/core';
import type {
  EvaluationBehaviour,
  EvaluationCheck,
  EvaluationCheckResult,
  EvaluationComparison,
  EvaluationCreate,
  EvaluationJudgement,
  EvaluationStatus,
  EvaluationSummary,
} from '@platica/contracts';

/**
 * One evaluation of a candidate prompt (docs/agents.md › Evaluations): what it replays with,
 * how far it got, and its summary once it ends. Its turns are EvaluationTurnResult rows.
 */
const EvaluationSchema = defineEntity({
  name: 'Evaluation',
  tableName: 'evaluation',
  indexes: [{ properties: ['workspaceId', 'agentId', 'createdAt'] }],
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    agentId: p.text(),
    status: p.text().$type<EvaluationStatus>(),
    /** The version evaluated (null for a prompt text given as is). */
    promptId: p.text().nullable(),
    systemPrompt: p.text(),
    model: p.text().nullable(),
    sample: p.json<EvaluationCreate['sample']>(),
    checks: p.json<EvaluationCheck[]>(),
    judge: p.json<{ rubric: string; model: string | null }>().nullable(),
    maxTurns: p.integer(),
    maxTokens: p.integer(),
    summary: p.json<EvaluationSummary>().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
export class Evaluation extends EvaluationSchema.class {}
EvaluationSchema.setClass(Evaluation);

/** One recorded turn of an evaluation: made `pending` when sampled, filled when replayed (or skipped, with why). */
const EvaluationTurnResultSchema = defineEntity({
  name: 'EvaluationTurnResult',
  tableName: 'evaluation_turn',
  properties: {
    evaluationId: p.text().primary(),
    /** The recorded turn (its reply message's id, the turn log's). */
    turnId: p.text().primary(),
    conversationRef: p.text(),
    position: p.integer(),
    status: p.text().$type<'pending' | 'replayed' | 'skipped'>(),
    detail: p.text().nullable(),
    customerText: p.text().nullable(),
    recorded: p.json<EvaluationBehaviour>().nullable(),
    candidate: p.json<EvaluationBehaviour>().nullable(),
    comparison: p.json<EvaluationComparison>().nullable(),
    checks: p.json<EvaluationCheckResult[]>(),
    judge: p.json<EvaluationJudgement>().nullable(),
    tokens: p.integer(),
  },
  indexes: [{ properties: ['evaluationId', 'position'] }],
});
export class EvaluationTurnResult extends EvaluationTurnResultSchema.class {}
EvaluationTurnResultSchema.setClass(EvaluationTurnResult);
