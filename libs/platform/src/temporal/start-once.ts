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

/** The states of a gRPC channel the pulse reads (@grpc/grpc-js's ConnectivityState). */
const READY = 2;
const TRANSIENT_FAILURE = 3;
const SHUTDOWN = 4;
/** How long one watch of the channel's state lasts before it is renewed. */
const WATCH_MS = 60_000;

/** The client connection's gRPC channel, as far as its state is read. */
interface GrpcChannel {
  getConnectivityState(tryToConnect: boolean): number;
  watchConnectivityState(state: number, deadline: number, callback: (error?: Error) => void): void;
}

/**
 * Whether Temporal answers, as a start needs to know before it waits: the Temporal client
 * retries an unreachable server for 6-15 s (the worker's native client cannot even be
 * cancelled), where a request should hear 503 at once. A start after a quiet spell, or after a
 * call that found Temporal unreachable, first asks the server (one light call, given a second);
 * one that finds it answering goes on as before. The client connection's own state is followed
 * too: a connection reset or refused (Temporal restarted, its address unreachable) ends the
 * freshness at once, and while the channel is failing to connect a start is refused without
 * waiting for a check (the channel tries again within temporal.ts's RECONNECT_BACKOFF_MAX_MS).
 */
export class TemporalPulse {
  private answeredAt = 0;
  /** The check in flight, until it ends by its deadline (retries included): see settled(). */
  private checking: Promise<boolean> | null = null;
  private watched: GrpcChannel | null = null;

  constructor(private readonly client: () => Client) {}

  answered(): void {
    this.answeredAt = Date.now();
  }

  lost(): void {
    this.answeredAt = 0;
  }

  /** Resolves when Temporal answered lately or answers now; 503 `temporal_unavailable` otherwise, within a second. */
  async require(): Promise<void> {
    const client = this.client();
    const channel = channelOf(client);
    if (channel) {
      this.follow(channel);
      if (channel.getConnectivityState(false) === TRANSIENT_FAILURE) throw dependencyUnavailable('temporal');
    }
    if (Date.now() - this.answeredAt < FRESH_MS) return;
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
   * Follows the channel's state from now on: once it leaves READY, Temporal is not taken as
   * answering until a call finds it so, and the channel is asked to connect again, so that a
   * refused connection shows as TRANSIENT_FAILURE to the next start instead of costing it a check.
   */
  private follow(channel: GrpcChannel): void {
    if (this.watched === channel) return;
    this.watched = channel;
    const watch = (state: number) => {
      if (this.watched !== channel || state === SHUTDOWN) return;
      channel.watchConnectivityState(state, Date.now() + WATCH_MS, () => {
        const next = channel.getConnectivityState(false);
        if (next !== READY && next !== SHUTDOWN) {
          this.lost();
          if (next !== TRANSIENT_FAILURE) channel.getConnectivityState(true);
        }
        watch(next);
      });
    };
    watch(channel.getConnectivityState(false));
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

/** The gRPC channel of a client's connection (a native connection has none: null). */
function channelOf(client: Client): GrpcChannel | null {
  // Connection's gRPC client is protected in its types: read here for its channel's state only.
  const grpc = (client.connection as unknown as { client?: { getChannel?: () => GrpcChannel } }).client;
  return grpc?.getChannel?.() ?? null;
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
