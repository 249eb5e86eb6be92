import type { TurnRequestedData } from '@platica/contracts';

/** The internal `agent.turn.requested` event: messaging asks the agent runtime for a turn of a conversation. */
export function turnRequested(workspaceId: string, data: TurnRequestedData) {
  return { type: 'agent.turn.requested' as const, workspaceId, data: { ...data } };
}
