import { Injectable, Logger } from '@nestjs/common';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { modelCallSlotSignal } from '@platica/workflows/activities';
import { AgentsConfigService } from '../config/agents.config';
import { ModelCallSlotRepository, type GrantedSlot, type SlotLifetimes, type SlotRequest } from './model-call-slot.repository';
import type { SlotBounds } from './slot-grants';

/**
 * How long a slot counts: a held one past the model call activity's time limit (8 min: an attempt
 * never outlives its slot; a worker killed during one frees it then, or sooner when the call's
 * retry takes it back), a waiting one past several of its turn's 2-minute rechecks (a turn that
 * stopped waiting leaves no place behind).
 */
export const SLOT_LIFETIMES: SlotLifetimes = { heldMs: 9 * 60_000, waitingMs: 10 * 60_000 };

/**
 * The bound on model calls in flight, per workspace and in all (PLATICA_MODEL_CALLS_PER_WORKSPACE,
 * PLATICA_MODEL_CALLS_IN_FLIGHT; docs/agents.md › Fair turns across workspaces). A call over the
 * bound is answered `queued` and its turn waits without a worker slot; the call that frees a slot
 * grants the next ones and signals their turns.
 */
@Injectable()
export class ModelCallSlots extends TemporalClientOwner {
  private readonly logger = new Logger('model-call-slots');

  constructor(
    config: ServiceConfig,
    private readonly agentsConfig: AgentsConfigService,
    private readonly slots: ModelCallSlotRepository,
  ) {
    super(config);
  }

  /** Whether the call may run now; if not, it keeps its place and its turn is signalled when its slot comes. */
  async take(request: SlotRequest): Promise<boolean> {
    const { held, granted } = await this.slots.take(request, this.bounds(), SLOT_LIFETIMES);
    this.tell(granted);
    return held;
  }

  /** Frees the call's slot for the next waiting call. Never fails the call: a slot left held frees itself with its lifetime. */
  async release(holder: string): Promise<void> {
    try {
      this.tell(await this.slots.release(holder, this.bounds(), SLOT_LIFETIMES));
    } catch (error) {
      this.logger.warn({ msg: 'a model call slot was not freed; it frees itself when its lifetime ends', holder, error: String(error) });
    }
  }

  private bounds(): SlotBounds {
    const values = this.agentsConfig.values;
    return { perWorkspace: values.PLATICA_MODEL_CALLS_PER_WORKSPACE, total: values.PLATICA_MODEL_CALLS_IN_FLIGHT };
  }

  /** A signal lost (Temporal away, this process stopping) costs the turn its 2-minute recheck, not its place. */
  private tell(granted: GrantedSlot[]): void {
    for (const { workflowId, holder } of granted) {
      this.temporal()
        .workflow.getHandle(workflowId)
        .signal(modelCallSlotSignal)
        .catch((error: unknown) => this.logger.warn({ msg: 'a granted model call slot was not signalled', holder, error: String(error) }));
    }
  }
}
