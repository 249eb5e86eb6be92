import { CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { AgentEvaluationActivities, AgentEvaluationInput, EvaluationEnd } from './agent-evaluation.contract';

const { sampleEvaluation, finishEvaluation } = proxyActivities<AgentEvaluationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds' },
});

const { replayEvaluationTurn } = proxyActivities<AgentEvaluationActivities>({
  // A turn is a few model calls (tool rounds included). It heartbeats: a lost worker's turn is
  // replayed again within the heartbeat timeout, and a cancellation reaches its model calls.
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * An agent evaluation (docs/agents.md › Evaluations), durable: its sampled turns are replayed a
 * few at a time (`concurrency`) until all are, or its token budget is spent. Each turn's result
 * is stored by its activity, so a worker lost mid-evaluation resumes where the history stands.
 * Cancelled, it stops dispatching and ends `cancelled` with the turns replayed so far.
 */
export async function agentEvaluationWorkflow(input: AgentEvaluationInput): Promise<EvaluationEnd> {
  let end: EvaluationEnd = 'completed';
  let error: string | undefined;
  try {
    const plan = await sampleEvaluation(input);
    let tokens = plan.tokensUsed;
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < plan.turnIds.length) {
        if (tokens >= plan.maxTokens) {
          end = 'budget_exhausted';
          return;
        }
        const turnId = plan.turnIds[next++]!;
        const replayed = await replayEvaluationTurn({ ...input, turnId });
        tokens += replayed.tokens;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, plan.concurrency) }, lane));
  } catch (failure) {
    if (isCancellation(failure)) end = 'cancelled';
    else {
      end = 'failed';
      error = failure instanceof Error ? failure.message : String(failure);
    }
  }
  // Recorded even when cancelled: the turns replayed so far are summarised.
  await CancellationScope.nonCancellable(() => finishEvaluation({ ...input, status: end, ...(error ? { error } : {}) }));
  return end;
}
