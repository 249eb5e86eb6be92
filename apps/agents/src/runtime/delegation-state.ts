import type { Delegation } from '../subagents/delegation.entity';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';

/**
 * Where a conversation's delegation stands for a turn of this principal: `none` (the principal
 * answers), `stale` (made under another principal, spec › Chat rule 8, or to an agent no longer
 * connected as a `delegate`: it is ended and the principal answers), or `held` (the sub-agent
 * answers, if it is still active).
 */
export type DelegationState = { state: 'none' } | { state: 'stale' } | { state: 'held'; subagentId: string; completionCriteria: string };

export function delegationStateOf(
  delegation: Pick<Delegation, 'subagentId' | 'principalAgentId'> | null,
  principalId: string,
  connections: Pick<SubagentConnection, 'subagentId' | 'task' | 'completionCriteria'>[],
): DelegationState {
  if (!delegation) return { state: 'none' };
  const connection = connections.find((c) => c.subagentId === delegation.subagentId && c.task === 'delegate');
  if (!connection || delegation.principalAgentId !== principalId) return { state: 'stale' };
  return { state: 'held', subagentId: delegation.subagentId, completionCriteria: connection.completionCriteria };
}

/** What a sub-agent tool call asks (its tool id is `subagent:<kind>:<sub-agent id>`, subagent-tools.ts). */
export interface SubagentToolCall {
  kind: string | undefined;
  subagentId: string | undefined;
  /** A delegation starts or ends: another agent answers from the next model call on, so the turn's setting is loaded again. */
  changesSpeaker: boolean;
}

export function subagentToolCallOf(toolId: string): SubagentToolCall {
  const [, kind, subagentId] = toolId.split(':');
  return { kind, subagentId, changesSpeaker: kind === 'complete' || kind === 'delegate' };
}
