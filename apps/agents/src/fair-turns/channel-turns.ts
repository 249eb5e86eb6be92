import type { Client } from '@temporalio/client';
import { conversationTurnWorkflow } from '@platica/workflows';
import { turnRequestedSignal, type ConversationTurnInput, type TurnTrigger } from '@platica/workflows/activities';

/** What a conversation's turn is started with (the agents service's settings). */
export interface ChannelTurnSettings {
  taskQueue: string;
  debounceMs: number;
  retryScale: number;
}

/**
 * Hands a trigger to its conversation's turn workflow: signalled when it runs (its next turn
 * answers), started otherwise. `gathered`: the trigger's messages waited for their slot as a
 * deferred turn, so the burst they are part of was gathered meanwhile and a started run answers
 * them without a debounce (the slot it was granted is held meanwhile).
 */
export async function startChannelTurn(
  client: Client,
  settings: ChannelTurnSettings,
  turn: { workspaceId: string; conversationRef: string; workflowId: string; trigger: TurnTrigger; gathered?: boolean },
): Promise<void> {
  const input: ConversationTurnInput = {
    workspaceId: turn.workspaceId,
    conversationRef: turn.conversationRef,
    debounceMs: settings.debounceMs,
    retryScale: settings.retryScale,
    ...(turn.gathered ? { gathered: true } : {}),
  };
  await client.workflow.signalWithStart(conversationTurnWorkflow, {
    taskQueue: settings.taskQueue,
    workflowId: turn.workflowId,
    args: [input],
    signal: turnRequestedSignal,
    signalArgs: [turn.trigger],
  });
}
