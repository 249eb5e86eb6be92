import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Database } from '@platica/platform';
import { slotsToGrant, type SlotBounds } from './slot-grants';

/** A model call asking for its slot. */
export interface SlotRequest {
  holder: string;
  workspaceId: string;
  workflowId: string;
}

/** How long a row counts: a held one past its call's time limit, a waiting one past a few of its turn's rechecks. */
export interface SlotLifetimes {
  heldMs: number;
  waitingMs: number;
}

/** A waiting call just given its slot: its turn is to be told. */
export interface GrantedSlot {
  holder: string;
  workflowId: string;
}

/** Every change to the slots is made under this lock: a grant sees every call in flight and every one waiting. */
const SLOTS_LOCK = `select pg_advisory_xact_lock(hashtext('agents.model_call_slot'))`;
const LIVE = `expires_at > now()`;

/** The bound on model calls in flight, in PostgreSQL (model-call-slot.entity.ts). */
@Injectable()
export class ModelCallSlotRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the call's slot, or keeps its place in the queue. A call is granted at once when its
   * workspace and the deployment are under their bounds and none of its workspace's calls is
   * waiting (whoever else waits is held back by their own workspace's bound). A new call that is
   * not joins the queue, and nothing else changes: every grant leaves no waiting call that could
   * run, so one more waiting call frees nothing. A call asked again (its turn's recheck) also
   * gives out the slots rows past their lifetime left free, by `slotsToGrant`, which may serve
   * this call and others. A held call keeps its slot (a retried attempt, a worker restarted).
   */
  take(request: SlotRequest, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<{ held: boolean; granted: GrantedSlot[] }> {
    return this.db.em().transactional(async (em) => {
      await em.execute(SLOTS_LOCK);
      const [row] = await em.execute<{ held: boolean; inserted: boolean }[]>(
        `insert into agents.model_call_slot (holder, workspace_id, workflow_id, requested_at, granted_at, expires_at)
         select ?, ?, ?, now(), case when free then now() end, now() + make_interval(secs => case when free then ? else ? end)
         from (select
           (select count(*) from agents.model_call_slot where granted_at is not null and ${LIVE}) < ?
           and (select count(*) from agents.model_call_slot where workspace_id = ? and granted_at is not null and ${LIVE}) < ?
           and not exists (select 1 from agents.model_call_slot where workspace_id = ? and granted_at is null and ${LIVE}) as free) room
         on conflict (holder) do update set expires_at = now() + make_interval(secs => case when model_call_slot.granted_at is null then ? else ? end)
         returning granted_at is not null as held, xmax = 0 as inserted`,
        [
          request.holder,
          request.workspaceId,
          request.workflowId,
          lifetimes.heldMs / 1000,
          lifetimes.waitingMs / 1000,
          bounds.total,
          request.workspaceId,
          bounds.perWorkspace,
          request.workspaceId,
          lifetimes.waitingMs / 1000,
          lifetimes.heldMs / 1000,
        ],
      );
      if (row?.held || row?.inserted) return { held: row.held, granted: [] };
      const granted = await this.grant(em, bounds, lifetimes);
      return {
        held: granted.some((slot) => slot.holder === request.holder),
        granted: granted.filter((slot) => slot.holder !== request.holder),
      };
    });
  }

  /** Frees the call's slot (or gives up its place); the calls then granted are answered, to be told. */
  release(holder: string, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<GrantedSlot[]> {
    return this.db.em().transactional(async (em) => {
      await em.execute(SLOTS_LOCK);
      const [row] = await em.execute<{ waiting: boolean }[]>(
        `with freed as (delete from agents.model_call_slot where holder = ?)
         select exists (select 1 from agents.model_call_slot where granted_at is null and holder <> ? and ${LIVE}) as waiting`,
        [holder, holder],
      );
      return row?.waiting ? this.grant(em, bounds, lifetimes) : [];
    });
  }

  /** Rows past their lifetime go; the free slots are given to the waiting calls `slotsToGrant` picks. */
  private async grant(em: EntityManager, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<GrantedSlot[]> {
    await em.execute(`delete from agents.model_call_slot where expires_at <= now()`);
    const counts = await em.execute<{ workspace_id: string; held: number }[]>(
      `select workspace_id, count(*)::int as held from agents.model_call_slot where granted_at is not null group by workspace_id`,
    );
    // Each workspace's oldest calls, as many as its bound could ever let run at once.
    const waiting = await em.execute<{ holder: string; workspace_id: string; workflow_id: string; requested_at: Date }[]>(
      `select holder, workspace_id, workflow_id, requested_at from (
         select *, row_number() over (partition by workspace_id order by requested_at, holder) as place
         from agents.model_call_slot where granted_at is null) queued
       where place <= ?`,
      [bounds.perWorkspace],
    );
    const chosen = slotsToGrant(
      new Map(counts.map((count) => [count.workspace_id, count.held])),
      waiting.map((row) => ({ holder: row.holder, workspaceId: row.workspace_id, requestedAt: new Date(row.requested_at) })),
      bounds,
    );
    if (!chosen.length) return [];
    const holders = chosen.map((slot) => slot.holder);
    await em.execute(
      `update agents.model_call_slot set granted_at = now(), expires_at = now() + make_interval(secs => ?) where holder in (${holders.map(() => '?').join(', ')})`,
      [lifetimes.heldMs / 1000, ...holders],
    );
    const workflows = new Map(waiting.map((row) => [row.holder, row.workflow_id]));
    return holders.map((holder) => ({ holder, workflowId: workflows.get(holder) ?? '' }));
  }
}
