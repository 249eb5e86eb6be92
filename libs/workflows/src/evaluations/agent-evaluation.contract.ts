/** What the agents service's worker does for an agent evaluation (docs/agents.md › Evaluations); implemented there. */
export interface AgentEvaluationActivities {
  /**
   * The evaluation's recorded turns, sampled once (its rows made `pending`; a retry answers the
   * same), in replay order, with its budget.
   */
  sampleEvaluation(input: AgentEvaluationInput): Promise<EvaluationPlan>;
  /** One recorded turn replayed with the candidate and stored (a retry replays and stores it again). */
  replayEvaluationTurn(input: AgentEvaluationInput & { turnId: string }): Promise<{ tokens: number }>;
  /** The evaluation ends with its status and summary. */
  finishEvaluation(input: AgentEvaluationInput & { status: EvaluationEnd; error?: string }): Promise<void>;
}

export interface AgentEvaluationInput {
  workspaceId: string;
  evaluationId: string;
}

export interface EvaluationPlan {
  /** The turns still to replay (the ones replayed before a restart are left out). */
  turnIds: string[];
  /** Model tokens the turns already replayed used. */
  tokensUsed: number;
  maxTokens: number;
  concurrency: number;
}

export type EvaluationEnd = 'completed' | 'budget_exhausted' | 'cancelled' | 'failed';

/** One workflow per evaluation: its id is the evaluation's. */
export function agentEvaluationWorkflowId(evaluationId: string): string {
  return `agent-evaluation-${evaluationId}`;
}
