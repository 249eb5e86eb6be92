import { defineEntity, p } from '@mikro-orm/core';

/**
 * The model tokens one replayed turn of an agent evaluation spent (its candidate's calls and the
 * judge's), as the agents service reports them: usage's evaluation figures, kept apart from the
 * conversations and messages customers' figures count. One row per evaluation turn: a replay
 * reported again (a retried activity) replaces its row.
 */
const EvaluationUsageSchema = defineEntity({
  name: 'EvaluationUsage',
  tableName: 'evaluation_usage',
  properties: {
    evaluationId: p.text().primary(),
    turnId: p.text().primary(),
    workspaceId: p.text(),
    inputTokens: p.integer(),
    outputTokens: p.integer(),
    recordedAt: p.datetime(),
  },
  indexes: [{ properties: ['workspaceId', 'recordedAt'], name: 'evaluation_usage_workspace_recorded_at_index' }],
});
export class EvaluationUsage extends EvaluationUsageSchema.class {}
EvaluationUsageSchema.setClass(EvaluationUsage);
