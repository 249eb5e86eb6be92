import { proxyActivities, sleep } from '@temporalio/workflow';
import type { ScheduledChatTurnActivities, ScheduledChatTurnInput } from './conversation-turn.contract';

const { requestTurn } = proxyActivities<ScheduledChatTurnActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * A chat turn asked for later (`delay` or `scheduleAt`): a durable timer, then the turn is
 * handed to its conversation's turn workflow like any other trigger (queued behind a running turn).
 */
export async function scheduledChatTurnWorkflow(input: ScheduledChatTurnInput): Promise<void> {
  await sleep(Math.max(0, Date.parse(input.executeAt) - Date.now()));
  await requestTurn(input);
}
