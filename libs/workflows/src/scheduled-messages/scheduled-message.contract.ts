import { defineQuery, defineUpdate } from '@temporalio/workflow';

/** What the messaging service's worker does for a scheduled message; implemented there. */
export interface ScheduledMessageActivities {
  /**
   * Records a reschedule the workflow accepted. `revision` grows with each one: two in
   * flight may finish in any order, and only the newest may be written.
   */
  recordReschedule(messageId: string, change: RescheduleChange, revision: number): Promise<void>;
  /** Records a cancellation the workflow accepted. */
  recordCancel(messageId: string, cancelledAt: string): Promise<void>;
  /**
   * `processing`, then the send with the window, blocked-contact and channel rules checked
   * again; ends `sent` or `failed` (with a public error). Never throws for a rule failure.
   */
  execute(messageId: string): Promise<'sent' | 'failed'>;
}

export interface RescheduleChange {
  executeAt: string;
  status: 'delayed' | 'scheduled';
  delayMs: number | null;
  scheduledTime: string | null;
}

export interface ScheduledMessageInput {
  messageId: string;
  executeAt: string;
}

export type ScheduledMessagePhase = 'pending' | 'processing' | 'done' | 'cancelled';

export const rescheduleUpdate = defineUpdate<void, [RescheduleChange]>('reschedule');
export const cancelUpdate = defineUpdate<void, [{ cancelledAt: string }]>('cancel');
export const phaseQuery = defineQuery<ScheduledMessagePhase>('phase');

/** Workflow ids are derived from the message, so starting one twice is harmless (ARCHITECTURE.md). */
export function scheduledMessageWorkflowId(messageId: string): string {
  return `scheduled-message-${messageId}`;
}

/** Why an update was refused; the API answers 409 with it. */
export const NOT_PENDING = 'NotPending';

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
