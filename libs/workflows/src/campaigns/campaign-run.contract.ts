/** What the campaigns service's worker does for a campaign run; implemented there. */
export interface CampaignRunActivities {
  /** A run for a date: its messages are stored in messaging as scheduled ones (idempotent). */
  prepareCampaignRun(runId: string): Promise<void>;
  /**
   * Sends the run's next recipients, throttled to the channel's rate, for a while; records
   * each outcome. Answers how many recipients are still open (pending, or handed over and
   * not answered). Idempotent: a retry asks messaging again about what it handed over.
   */
  sendCampaignSlice(runId: string): Promise<{ open: number }>;
  /** The run ends `completed` with the time. */
  completeCampaignRun(runId: string): Promise<void>;
}

export interface CampaignRunInput {
  runId: string;
  /** ISO time the run starts at, or null to start now. */
  scheduledFor: string | null;
}

/** One workflow per run: its id is the run's. */
export function campaignRunWorkflowId(runId: string): string {
  return `campaign-run-${runId}`;
}
