/**
 * What a sub-agent connection may hold (spec › Sub-agent connection, Limits; the server's
 * `libs/contracts/src/agents.ts`, which subagent-bounds.spec.ts checks this copy against): the
 * sub-agent forms validate with these.
 */
export const SUBAGENT_BOUNDS = {
  name: { min: 1, max: 100 },
  systemPrompt: { max: 100_000 },
  /** `description` (assist), `delegationCriteria` and `completionCriteria` (delegate). */
  criteria: { max: 2000 },
} as const;

/** A connection's task: consult in the background, or hand the conversation over. */
export const SUBAGENT_TASKS = ['assist', 'delegate'] as const;
export type SubagentTask = (typeof SUBAGENT_TASKS)[number];
