import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@platica/errors';
import type { Agent } from './agent.entity';

/** A prompt version's latest finished evaluation, as the gate reads it. */
export interface PromptVerdict {
  evaluationId: string;
  status: string;
  passed: boolean;
}

/**
 * What the gate asks of evaluations: provided by evaluations/ (agents.module.ts), which
 * depends on agents/ and not the reverse.
 */
export abstract class PromptVerdicts {
  abstract latestOfPrompt(workspaceId: string, agentId: string, promptId: string): Promise<PromptVerdict | null>;
}

/**
 * With the agent's `requireEvaluation` (docs/agents.md › Evaluations), a prompt version is
 * activated only when its latest finished evaluation completed and passed (no failing check, no
 * guardrail flip); otherwise 409 naming the evaluation to run. A prompt that would go live as it
 * is written (`promptId` null: no version to evaluate yet) is refused.
 */
@Injectable()
export class PromptActivationGate {
  constructor(private readonly verdicts: PromptVerdicts) {}

  async requirePassingEvaluation(agent: Pick<Agent, 'id' | 'workspaceId' | 'requireEvaluation'>, promptId: string | null): Promise<void> {
    if (!agent.requireEvaluation) return;
    const run = { method: 'POST', path: `/v1/agents/${agent.id}/evaluations` };
    if (!promptId) {
      throw new DomainError(
        ErrorCode.Conflict,
        'This agent activates only evaluated prompt versions: create the version with activate: false, evaluate it, then activate it',
        { requireEvaluation: true, evaluation: { ...run, body: { candidate: { promptId: '<the new version>' } } } },
      );
    }
    const latest = await this.verdicts.latestOfPrompt(agent.workspaceId, agent.id, promptId);
    if (latest?.status === 'completed' && latest.passed) return;
    throw new DomainError(
      ErrorCode.Conflict,
      latest
        ? `The latest evaluation of prompt version ${promptId} (${latest.evaluationId}) did not pass: run a passing evaluation before activating it`
        : `Prompt version ${promptId} has no passing evaluation: run one before activating it`,
      {
        requireEvaluation: true,
        promptId,
        latestEvaluationId: latest?.evaluationId ?? null,
        evaluation: { ...run, body: { candidate: { promptId } } },
      },
    );
  }
}
