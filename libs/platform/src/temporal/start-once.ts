import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { setTimeout } from 'node:timers/promises';
import { dependencyUnavailable } from '../errors/error-reply';
import { unavailableDependency } from '../errors/unavailable-dependency';

/** The memo key naming the request a run was started for, so that a start made twice is recognised. */
export const STARTED_FOR_MEMO = 'startedFor';

/** Temporal answered this recently: a start goes straight on. */
const FRESH_MS = 2_000;
/** How long Temporal is given to answer a check before it is taken as down. */
const CHECK_TIMEOUT_MS = 1_000;

/**
 * Whether Temporal answers, as a start needs to know before it waits: the Temporal client
 * retries an unreachable server for 6-15 s (the worker's native client cannot even be
 * cancelled), where a request should hear 503 at once. A start after a quiet spell, or after a
 * call that found Temporal unreachable, first asks the server (one light call, given a second);
 * one that finds it answering goes on as before.
 */
export class TemporalPulse {
  private answeredAt = 0;
  /** The check in flight, until it ends by its deadline (retries included): see settled(). */
  private checking: Promise<boolean> | null = null;

  constructor(private readonly client: () => Client) {}

  answered(): void {
    this.answeredAt = Date.now();
  }

  lost(): void {
    this.answeredAt = 0;
  }

  /** Resolves when Temporal answered lately or answers now; 503 `temporal_unavailable` otherwise, within a second. */
  async require(): Promise<void> {
    if (Date.now() - this.answeredAt < FRESH_MS) return;
    const client = this.client();
    // The deadline ends the client's own retries of the check too, so the check ends soon after
    // the request stopped waiting for it (at most one retry's back-off later).
    this.checking ??= client.connection
      .withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => client.workflowService.getSystemInfo({}))
      .then(
        () => true,
        () => false,
      )
      .finally(() => (this.checking = null));
    const answered = await Promise.race([this.checking, setTimeout(CHECK_TIMEOUT_MS, false)]);
    if (!answered) throw dependencyUnavailable('temporal');
    this.answered();
  }

  /**
   * Resolves once no check is in flight. The connection closes after it: a retry the client
   * scheduled before the close would otherwise start on a closed channel, and throw where nobody
   * catches it.
   */
  async settled(): Promise<void> {
    await this.checking;
  }
}

/**
 * Starts a workflow run for one request, once. `start` starts it with
 * `workflowIdConflictPolicy: 'FAIL'` and `memo: {[STARTED_FOR_MEMO]: requestId}` and answers the
 * run's id. A run already open is this request's when its memo names it (a start made twice:
 * a caller that stopped waiting started it itself); another request's makes the answer null,
 * the caller's "busy". 503 within a second when Temporal does not answer (TemporalPulse).
 */
export async function startOnce(
  pulse: TemporalPulse,
  client: Client,
  workflowId: string,
  requestId: string,
  start: () => Promise<string>,
): Promise<string | null> {
  await pulse.require();
  try {
    const runId = await start();
    pulse.answered();
    return runId;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return openRunFor(client, workflowId, requestId);
    if (unavailableDependency(error) === 'temporal') pulse.lost();
    throw error;
  }
}

/** The workflow's open run when it was started for this request, else null. */
async function openRunFor(client: Client, workflowId: string, requestId: string): Promise<string | null> {
  try {
    const run = await client.workflow.getHandle(workflowId).describe();
    return run.status.name === 'RUNNING' && run.memo?.[STARTED_FOR_MEMO] === requestId ? run.runId : null;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}
