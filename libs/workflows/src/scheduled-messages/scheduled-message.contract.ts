/** What the messaging service's worker does for the scheduled-sends dispatcher; implemented there. */
export interface ScheduledSendsDispatcherActivities {
  /**
   * Sends scheduled messages as they come due, for `windowMs`, heartbeating; returns at the
   * end of the window once its sends have ended. Rows are claimed, so two runs never send one message.
   */
  dispatchScheduledSends(windowMs: number): Promise<void>;
}

export interface ScheduledSendsDispatcherInput {
  /** How long each dispatcher activity runs before the workflow starts the next one. */
  windowMs: number;
}

/** One dispatcher per deployment (its task queue carries the deployment's prefix). */
export function scheduledSendsDispatcherWorkflowId(taskQueue: string): string {
  return `scheduled-sends-dispatcher-${taskQueue}`;
}
