import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { ScheduledSendsDispatcherActivities, ScheduledSendsDispatcherInput } from './scheduled-message.contract';

const { dispatchScheduledSends } = proxyActivities<ScheduledSendsDispatcherActivities>({
  // The window plus the slowest sends it may still be finishing.
  startToCloseTimeout: '5 minutes',
  // A dead worker is noticed within this, and the dispatch runs again on a live one.
  heartbeatTimeout: '5 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds' },
});

/** Windows per run: the history stays short (a few events per window), then the workflow continues as new. */
const WINDOWS_PER_RUN = 100;

/**
 * Scheduled sends (spec: States and transitions › Scheduled message), driven durably: one
 * long-lived workflow per deployment keeps the dispatcher activity running, window after
 * window. The activity sends each message at its time; the rows it claims are the schedule.
 * Temporal's part is that the dispatch never stops: a worker that dies stops heartbeating,
 * and the activity is retried on another one (or on the same one restarted).
 */
export async function scheduledSendsDispatcherWorkflow(input: ScheduledSendsDispatcherInput): Promise<never> {
  for (let window = 0; window < WINDOWS_PER_RUN; window++) await dispatchScheduledSends(input.windowMs);
  return continueAsNew<typeof scheduledSendsDispatcherWorkflow>(input);
}
