import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError, ErrorCode } from '@platica/errors';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { modelCallSlotSignal } from '@platica/workflows/activities';
import { AgentsConfigService } from '../config/agents.config';
import { startChannelTurn } from './channel-turns';
import {
  ModelCallSlotRepository,
  type GrantedSlot,
  type SlotLifetimes,
  type SlotRequest,
  type TurnRequest,
} from './model-call-slot.repository';
import type { SlotBounds } from './slot-grants';

/**
 * How long a slot counts: a held one past the model call activity's time limit (8 min: an attempt
 * never outlives its slot; a worker killed during one frees it then, or sooner when the call's
 * retry takes it back), a waiting one past several of its turn's 2-minute rechecks (a turn that
 * stopped waiting leaves no place behind). A deferred turn waits as long as a turn may (its
 * 24-hour horizon); granted, its turn has a minute to start and take the slot over, or the turn
 * goes back to its place (its start was lost) and is started again when granted again.
 */
export const SLOT_LIFETIMES: SlotLifetimes = {
  heldMs: 9 * 60_000,
  waitingMs: 10 * 60_000,
  deferredMs: 24 * 60 * 60_000,
  deferredGrantMs: 60_000,
};
/** How often each agents process grants what no call's end will (deferred turns after a restart, slots of calls that died). */
const GRANT_PASS_INTERVAL_MS = 10_000;
/** How often a call outside a turn, waiting in its process, asks again for its slot. */
const OUTSIDE_TURN_RECHECK_MS = 500;
/**
 * How long a call next in line waits in this process for a slot freed here before it answers
 * `queued`: a slot freed here is then its at once, not after a signal's round trip through
 * Temporal and a workflow task. Under the workflow task's 10-second timeout, so the worker need
 * not heartbeat the task meanwhile.
 */
const LOCAL_WAIT_MS = 5_000;

/**
 * The bound on model calls in flight, per workspace and in all (PLATICA_MODEL_CALLS_PER_WORKSPACE,
 * PLATICA_MODEL_CALLS_IN_FLIGHT; docs/agents.md › Fair turns across workspaces). A call over the
 * bound is answered `queued` and its turn waits without a worker slot; the call that frees a slot
 * grants the next ones and signals their turns.
 */
@Injectable()
export class ModelCallSlots extends TemporalClientOwner {
  private readonly logger = new Logger('model-call-slots');
  /**
   * The calls of this process waiting for their slot (by holder): `granted` once a grant made
   * here gave it, `wake` set while the call waits. A grant to a call found here is not signalled.
   */
  private readonly waitingHere = new Map<string, { granted: boolean; wake?: () => void }>();
  /** Slots being freed after their call answered (`releaseAfter`): finished before the service closes its connections. */
  private readonly releasing = new Set<Promise<void>>();

  constructor(
    config: ServiceConfig,
    private readonly agentsConfig: AgentsConfigService,
    private readonly slots: ModelCallSlotRepository,
  ) {
    super(config);
  }

  /**
   * Whether the call may run now; if not, it keeps its place and its turn is signalled when its
   * slot comes. A call next in line waits here a few seconds first, for a slot freed in this
   * process (most are, with one replica or a workspace's turns in one): the slot is then its
   * without the signal's round trip, which would hold the slot idle meanwhile.
   */
  async take(request: SlotRequest): Promise<boolean> {
    // Known before the transaction: a grant made here between its commit and the wait is not lost.
    const waiting: { granted: boolean; wake?: () => void } = { granted: false };
    const bounds = this.bounds();
    const local = !this.waitingHere.has(request.holder) && this.waitingHere.size < bounds.total;
    if (local) this.waitingHere.set(request.holder, waiting);
    try {
      const { held, told, nextInLine } = await this.slots.take(request, bounds, SLOT_LIFETIMES);
      this.tell(told);
      if (held || waiting.granted || !local || !nextInLine) return held || waiting.granted;
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, LOCAL_WAIT_MS);
        waiting.wake = () => {
          clearTimeout(timer);
          wake();
        };
      });
      return waiting.granted;
    } finally {
      if (local) this.waitingHere.delete(request.holder);
    }
  }

  /**
   * Whether a conversation's turn asked for by customer messages is taken care of without
   * starting it now: joined to its waiting or deferred turn, or deferred (its workspace's calls
   * wait: the turn is a row, not a workflow, until its slot comes, then started by `tell`).
   */
  async deferTurn(request: TurnRequest): Promise<boolean> {
    return (await this.slots.requestTurn(request, this.bounds(), SLOT_LIFETIMES)) !== 'start';
  }

  /** Grants, every few seconds, the slots no call's end will: stopped with the service. */
  startGrantPasses(): { stop(): Promise<void> } {
    const pass = () =>
      this.slots.grantDue(this.bounds(), SLOT_LIFETIMES).then(
        (granted) => this.tell(granted),
        (error: unknown) => this.logger.warn({ msg: 'a grant pass failed; the next one tries again', error: String(error) }),
      );
    const timer = setInterval(() => void pass(), GRANT_PASS_INTERVAL_MS);
    return { stop: async () => clearInterval(timer) };
  }

  /**
   * Runs a model call made outside a turn (a reply draft, a knowledge proposal's drafting) in a
   * slot of its workspace's bound, so a workspace's drafts count against it as its turns do.
   * With no workflow to signal, it waits here, asking again, for at most `waitMs`: then it
   * gives up its place and fails as unavailable (an HTTP caller's 503, an event redelivered). A
   * person waiting for it (a reply draft) has it ahead of the workspace's turns (`answerAwaited`).
   */
  async within<T>(request: Omit<SlotRequest, 'workflowId'>, waitMs: number, call: () => Promise<T>): Promise<T> {
    const { holder } = request;
    const deadline = Date.now() + waitMs;
    // No workflow id: a grant has nobody to signal (tell() passes it over); the call's next ask finds it held.
    while (!(await this.take({ ...request, workflowId: '' }))) {
      if (Date.now() >= deadline) {
        await this.release(holder);
        throw new DomainError(ErrorCode.Unavailable, "The workspace's model calls are at their bound; try again shortly", {
          bound: this.bounds().perWorkspace,
        });
      }
      await sleep(OUTSIDE_TURN_RECHECK_MS);
    }
    try {
      return await call();
    } finally {
      await this.release(holder);
    }
  }

  /** Frees the call's slot for the next waiting call. Never fails the call: a slot left held frees itself with its lifetime. */
  async release(holder: string): Promise<void> {
    try {
      this.tell(await this.slots.release(holder, this.bounds(), SLOT_LIFETIMES));
    } catch (error) {
      this.logger.warn({ msg: 'a model call slot was not freed; it frees itself when its lifetime ends', holder, error: String(error) });
    }
  }

  /**
   * Frees the call's slot while its answer goes on: the release's transaction, and the grants it
   * makes, are not the caller's to wait for (`release` never fails).
   */
  releaseAfter(holder: string): void {
    const releasing = this.release(holder).finally(() => this.releasing.delete(releasing));
    this.releasing.add(releasing);
  }

  /** Before the Temporal connection (a grant's signal) and the database close. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.releasing);
  }

  private bounds(): SlotBounds {
    const values = this.agentsConfig.values;
    return { perWorkspace: values.PLATICA_MODEL_CALLS_PER_WORKSPACE, total: values.PLATICA_MODEL_CALLS_IN_FLIGHT };
  }

  /**
   * A call waiting in this process is woken; another's turn is signalled. A signal lost (Temporal
   * away, this process stopping) costs the turn its 2-minute recheck, not its place; a deferred
   * turn's start lost, a minute (its grant lapses, it is granted again).
   */
  private tell(granted: GrantedSlot[]): void {
    const values = this.agentsConfig.values;
    const settings = {
      taskQueue: this.queueOf('agents'),
      debounceMs: values.PLATICA_TURN_DEBOUNCE_MS,
      retryScale: values.PLATICA_TURN_RETRY_SCALE,
    };
    for (const { workflowId, holder, deferred, nextInLine } of granted) {
      if (deferred) {
        const { workspaceId, conversationRef, messageIds } = deferred;
        const trigger = { kind: 'customer_message' as const, requestId: messageIds[0] ?? workflowId, messageIds };
        Promise.resolve()
          .then(() => startChannelTurn(this.temporal(), settings, { workspaceId, conversationRef, workflowId, trigger, gathered: true }))
          .catch((error: unknown) => this.logger.warn({ msg: 'a granted deferred turn was not started', holder, error: String(error) }));
        continue;
      }
      const here = this.waitingHere.get(holder);
      // Next in line: asked to ask again, unless it waits here already.
      if (here && nextInLine) continue;
      if (here) {
        here.granted = true;
        here.wake?.();
        continue;
      }
      // A call outside a turn waits in its own process and finds its slot when it asks again.
      if (!workflowId) continue;
      this.temporal()
        .workflow.getHandle(workflowId)
        .signal(modelCallSlotSignal)
        .catch((error: unknown) => this.logger.warn({ msg: 'a granted model call slot was not signalled', holder, error: String(error) }));
    }
  }
}
