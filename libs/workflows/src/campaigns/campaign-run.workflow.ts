import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { CampaignRunActivities, CampaignRunInput } from './campaign-run.contract';

const { prepareCampaignRun, completeCampaignRun } = proxyActivities<CampaignRunActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds' },
});

const { sendCampaignSlice } = proxyActivities<CampaignRunActivities>({
  // A slice sends for about 20 s; a worker that dies stops heartbeating and the slice is retried.
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '5 seconds' },
});

/** Slices per workflow run before continuing as new: the history stays short. */
const SLICES_PER_RUN = 200;

/**
 * A campaign run (ARCHITECTURE.md › Campaign audiences), durable: it waits for its date, then
 * sends slice after slice until no recipient is open. The recipients' rows are the state; a
 * crashed worker's slice is retried, and messaging's record made before each Graph call
 * keeps a recipient from being sent the run's message twice.
 */
export async function campaignRunWorkflow(input: CampaignRunInput): Promise<void> {
  if (input.scheduledFor) {
    await prepareCampaignRun(input.runId);
    const wait = Date.parse(input.scheduledFor) - Date.now();
    if (wait > 0) await sleep(wait);
  }
  for (let slice = 0; slice < SLICES_PER_RUN; slice++) {
    const { open } = await sendCampaignSlice(input.runId);
    if (open === 0) {
      await completeCampaignRun(input.runId);
      return;
    }
  }
  await continueAsNew<typeof campaignRunWorkflow>({ runId: input.runId, scheduledFor: null });
}
