import type { components } from '../../api/openapi';

export type Evaluation = components['schemas']['Evaluation'];

/** Why a version cannot be activated yet: no evaluation, one still running, or the latest finished one did not pass. */
export type GateReason = 'none' | 'running' | 'notPassed';

export type Gate = { activatable: true; latest: Evaluation | null } | { activatable: false; reason: GateReason; latest: Evaluation | null };

/**
 * The API's activation gate (agents' prompt-activation-gate.ts), read from the agent's
 * evaluations (newest first, as the API lists them): with `requireEvaluation`, a version is
 * activated only when its latest finished evaluation completed and passed. The API decides; this
 * only spares a click that would be refused, and says why.
 */
export function activationGate(promptId: string, evaluations: Evaluation[], requireEvaluation: boolean): Gate {
  const ofVersion = evaluations.filter((e) => e.candidate.promptId === promptId);
  const finished = ofVersion.find((e) => e.status !== 'running') ?? null;
  const latest = ofVersion[0] ?? null;
  if (!requireEvaluation) return { activatable: true, latest };
  if (finished?.status === 'completed' && finished.summary?.passed) return { activatable: true, latest };
  if (!finished) return { activatable: false, reason: latest ? 'running' : 'none', latest };
  return { activatable: false, reason: 'notPassed', latest: finished };
}

/** An evaluation's outcome in one word: still running, passed, or not. */
export function verdictOf(evaluation: Evaluation): 'running' | 'passed' | 'notPassed' {
  if (evaluation.status === 'running') return 'running';
  return evaluation.status === 'completed' && evaluation.summary?.passed ? 'passed' : 'notPassed';
}
