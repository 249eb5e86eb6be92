import type { Schema } from '../../api/schema';

export type Evaluation = Schema<'Evaluation'>;

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

/** The most evaluations the list the gate reads holds (the API's default: its newest). */
export const EVALUATION_LIST_LIMIT = 50;

/**
 * The versions whose latest finished evaluation the list may not hold, to be asked for one by one
 * (`?promptId=…&finished=true&limit=1`): only when the list is full (older evaluations were left
 * out), and only those with no finished evaluation in it; one in it is the version's latest
 * finished, since the list holds the newest.
 */
export function versionsToLookUp(promptIds: string[], evaluations: Evaluation[], listLimit = EVALUATION_LIST_LIMIT): string[] {
  if (evaluations.length < listLimit) return [];
  return promptIds.filter((id) => !evaluations.some((e) => e.candidate.promptId === id && e.status !== 'running'));
}

/** The list, then each version's latest finished evaluation looked up and not in it: older than all it holds, so still newest first. */
export function withLookedUp(evaluations: Evaluation[], lookedUp: (Evaluation | null | undefined)[]): Evaluation[] {
  const listed = new Set(evaluations.map((e) => e.id));
  return [...evaluations, ...lookedUp.filter((e): e is Evaluation => !!e && !listed.has(e.id))];
}
