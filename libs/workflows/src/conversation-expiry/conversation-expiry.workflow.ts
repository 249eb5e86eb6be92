import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { ConversationExpiryActivities } from './conversation-expiry.contract';

const { expireConversations } = proxyActivities<ConversationExpiryActivities>({
  // A sweep expires in batches; a backlog of many thousands is a few minutes' work at most.
  startToCloseTimeout: '10 minutes',
  // It heartbeats after each page: a worker that died mid-sweep is noticed within this, and the sweep runs again.
  heartbeatTimeout: '30 seconds',
  // Retried until it works (the database or Temporal down): the sweep only runs late, never stops.
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/** Sweeps per run: the history stays short (a few events per sweep), then the workflow continues as new. */
const SWEEPS_PER_RUN = 50;

/**
 * Conversation expiry (spec › Conversation summary, `expired`), driven durably: one
 * long-lived workflow per deployment sweeps, then sleeps on a Temporal timer for the
 * interval the sweep answers. The conversations' rows are the state: a sweep that a restart
 * interrupted is simply run again, and finds what is still due.
 */
export async function conversationExpiryWorkflow(): Promise<never> {
  for (let sweep = 0; sweep < SWEEPS_PER_RUN; sweep++) {
    const { nextSweepInMs } = await expireConversations();
    await sleep(nextSweepInMs);
  }
  return continueAsNew<typeof conversationExpiryWorkflow>();
}
