import { ApplicationFailure, allHandlersFinished, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  NOT_PENDING,
  cancelUpdate,
  phaseQuery,
  rescheduleUpdate,
  type ScheduledMessageActivities,
  type ScheduledMessageInput,
  type ScheduledMessagePhase,
} from './scheduled-message.contract';

const { recordReschedule, recordCancel } = proxyActivities<ScheduledMessageActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});
// The send itself: retried on infrastructure errors only (rule failures end `failed`, not thrown).
const { execute } = proxyActivities<ScheduledMessageActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/**
 * One scheduled message (spec: States and transitions › Scheduled message): waits on a
 * durable timer until `executeAt`, then sends. Reschedule and cancel are updates whose
 * validators refuse once the timer has fired, so an answer the API gave is never undone by
 * a race with execution: the workflow decides, in one thread, which came first.
 */
export async function scheduledMessageWorkflow(input: ScheduledMessageInput): Promise<ScheduledMessagePhase> {
  let phase: ScheduledMessagePhase = 'pending';
  let executeAt = Date.parse(input.executeAt);
  let changed = false;
  let revision = 0;

  const mustBePending = () => {
    if (phase !== 'pending') throw ApplicationFailure.create({ type: NOT_PENDING, message: `the message is ${phase}`, nonRetryable: true });
  };
  setHandler(phaseQuery, () => phase);
  setHandler(
    rescheduleUpdate,
    async (change) => {
      executeAt = Date.parse(change.executeAt);
      changed = true;
      await recordReschedule(input.messageId, change, ++revision);
    },
    { validator: (_change) => mustBePending() },
  );
  setHandler(
    cancelUpdate,
    async ({ cancelledAt }) => {
      phase = 'cancelled';
      await recordCancel(input.messageId, cancelledAt);
    },
    { validator: (_cancel) => mustBePending() },
  );

  while (phase === 'pending') {
    changed = false;
    const due = await condition(() => changed || phase !== 'pending', Math.max(0, executeAt - Date.now())).then((woken) => !woken);
    // A reschedule accepted in the same activation as the old timer wins over it.
    if (due && phase === 'pending' && !changed) phase = 'processing';
  }
  if (phase === 'processing') {
    await execute(input.messageId);
    phase = 'done';
  }
  // A cancel's record must be written before the workflow completes.
  await condition(allHandlersFinished);
  return phase;
}
