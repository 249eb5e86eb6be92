import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Database } from '@platica/platform';
import { callsNowNextInLine, slotsToGrant, type SlotBounds } from './slot-grants';

/** A model call asking for its slot. */
export interface SlotRequest {
  holder: string;
  workspaceId: string;
  workflowId: string;
  /** A chat turn's call, whose answer an API client holds its request open for: it waits ahead of its workspace's other calls. */
  answerAwaited?: boolean;
}

/** A conversation's turn asked for by customer messages (the turn workflow's id names the conversation's turns). */
export interface TurnRequest {
  workspaceId: string;
  workflowId: string;
  conversationRef: string;
  messageIds: string[];
}

/**
 * How long a row counts: a held one past its call's time limit, a waiting one past a few of its
 * turn's rechecks; a deferred turn waiting as long as a turn may wait (nobody asks again for it),
 * granted until its turn has had ample time to start and take it over.
 */
export interface SlotLifetimes {
  heldMs: number;
  waitingMs: number;
  deferredMs: number;
  deferredGrantMs: number;
}

/**
 * A turn to tell: a waiting call just given its slot (its turn is signalled), or a deferred turn
 * given its slot or started ahead of it (its turn is started with its messages); with
 * `nextInLine`, a waiting call not given its slot but now next in line (its turn is signalled
 * to ask again, and waits in its worker for the slot).
 */
export interface GrantedSlot {
  holder: string;
  workflowId: string;
  nextInLine?: true;
  deferred?: { workspaceId: string; conversationRef: string; messageIds: string[] };
}

/** What became of a turn asked for: taken by a waiting call or a deferred turn, deferred, or to be started now. */
export type TurnRequestOutcome = 'joined' | 'deferred' | 'start';

/**
 * A call's answer: whether it holds its slot; the turns to tell meanwhile; whether, waiting, it
 * is next in line (fewer of its workspace's calls ahead of it than its bound: a freed slot is
 * likely its within one of its workspace's calls).
 */
export interface SlotTaken {
  held: boolean;
  told: GrantedSlot[];
  nextInLine: boolean;
}

/** Every change to the slots is made under this lock: a grant sees every call in flight and every one waiting. */
const SLOTS_LOCK = `select pg_advisory_xact_lock(hashtext('agents.model_call_slot'))`;
const LIVE = `expires_at > now()`;
/**
 * A workspace's queue order, `me` against `w`: calls whose answer a client awaits first (a chat
 * turn: its HTTP request is open, a customer's turn is not), then the oldest.
 */
const AHEAD_OF_ME = `(not w.answer_awaited, w.requested_at, w.holder) < (not me.answer_awaited, me.requested_at, me.holder)`;
const QUEUE_ORDER = `not answer_awaited, requested_at, holder`;
/** Deferred turns in their workspace's queue, neither granted a slot nor started ahead. */
const DEFERRED_IN_QUEUE = `deferred_message_ids is not null and granted_at is null and started_at is null`;
/** Calls ready to take a freed slot: waiting calls of started turns, and deferred turns started ahead of their slots. */
const READY = `granted_at is null and (deferred_message_ids is null or started_at is not null)`;
type DeferredRow = {
  holder: string;
  workspace_id: string;
  workflow_id: string;
  deferred_message_ids: string[] | null;
  conversation_ref: string | null;
};
const secs = (ms: number) => ms / 1000;

/** The bound on model calls in flight, in PostgreSQL (model-call-slot.entity.ts). */
@Injectable()
export class ModelCallSlotRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the call's slot, or keeps its place in the queue. The first call of a deferred turn
   * takes over its turn's row: its slot if granted, its place otherwise. A call is granted at
   * once when its workspace and the deployment are under their bounds and none of its
   * workspace's calls is waiting (whoever else waits is held back by their own workspace's bound).
   * A new call that is not joins the queue, and nothing else changes: every grant leaves no
   * waiting call that could run, so one more waiting call frees nothing. A call asked again (its
   * turn's recheck) also gives out the slots rows past their lifetime left free, by
   * `slotsToGrant`, which may serve this call and others. A held call keeps its slot (a retried
   * attempt, a worker restarted). A deferred turn started ahead of its slot takes a free one as it
   * takes its row over (nobody grants it one: the slot waits for it), and another deferred turn of
   * its workspace is started ahead in its place.
   */
  take(request: SlotRequest, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<SlotTaken> {
    return this.db.em().transactional(async (em) => {
      await em.execute(SLOTS_LOCK);
      // Only a turn's first call: it reads the conversation after this, the deferred messages
      // included (a tool round continues a turn that read it before they came).
      const [adopted] = !request.holder.endsWith('/0')
        ? []
        : await em.execute<{ held: boolean }[]>(
            `update agents.model_call_slot set holder = ?, deferred_message_ids = null, conversation_ref = null, started_at = null,
           expires_at = now() + make_interval(secs => case when granted_at is null then ? else ? end)
         where holder = ? and not exists (select 1 from agents.model_call_slot where holder = ?)
         returning granted_at is not null as held`,
            [request.holder, secs(lifetimes.waitingMs), secs(lifetimes.heldMs), request.workflowId, request.holder],
          );
      if (adopted) {
        const held = adopted.held || (await this.takeFree(em, request.holder, bounds, lifetimes));
        const told = await this.startAhead(em, bounds, lifetimes);
        return { held, told, nextInLine: held || (await this.nextInLine(em, request.holder, bounds)) };
      }
      const [row] = await em.execute<{ held: boolean; inserted: boolean }[]>(
        `insert into agents.model_call_slot (holder, workspace_id, workflow_id, answer_awaited, requested_at, granted_at, expires_at)
         select ?, ?, ?, ?, now(), case when free then now() end, now() + make_interval(secs => case when free then ? else ? end)
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
          request.answerAwaited === true,
          secs(lifetimes.heldMs),
          secs(lifetimes.waitingMs),
          bounds.total,
          request.workspaceId,
          bounds.perWorkspace,
          request.workspaceId,
          secs(lifetimes.waitingMs),
          secs(lifetimes.heldMs),
        ],
      );
      if (row?.held) return { held: true, told: [], nextInLine: true };
      if (row?.inserted) return { held: false, told: [], nextInLine: await this.nextInLine(em, request.holder, bounds) };
      const granted = await this.grant(em, bounds, lifetimes, { sweep: true });
      const held = granted.some((slot) => slot.holder === request.holder);
      return {
        held,
        told: granted.filter((slot) => slot.holder !== request.holder),
        nextInLine: held || (await this.nextInLine(em, request.holder, bounds)),
      };
    });
  }

  /** A waiting call takes a free slot, when its workspace and the deployment have room and no older call of its workspace waits. */
  private async takeFree(em: EntityManager, holder: string, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<boolean> {
    const taken = await em.execute<{ held: boolean }[]>(
      `update agents.model_call_slot me set granted_at = now(), expires_at = now() + make_interval(secs => ?)
       where me.holder = ? and me.granted_at is null
         and (select count(*) from agents.model_call_slot where granted_at is not null and ${LIVE}) < ?
         and (select count(*) from agents.model_call_slot where workspace_id = me.workspace_id and granted_at is not null and ${LIVE}) < ?
         and not exists (select 1 from agents.model_call_slot w where w.workspace_id = me.workspace_id and w.granted_at is null
           and w.deferred_message_ids is null and w.expires_at > now() and ${AHEAD_OF_ME})
       returning true as held`,
      [secs(lifetimes.heldMs), holder, bounds.total, bounds.perWorkspace],
    );
    return taken.length > 0;
  }

  /** Whether fewer of its workspace's calls wait ahead of this one than its workspace's bound. */
  private async nextInLine(em: EntityManager, holder: string, bounds: SlotBounds): Promise<boolean> {
    const [row] = await em.execute<{ ahead: number }[]>(
      `select count(*)::int as ahead from agents.model_call_slot w join agents.model_call_slot me on me.holder = ?
       where w.workspace_id = me.workspace_id and w.granted_at is null and w.expires_at > now()
         and ${AHEAD_OF_ME}`,
      [holder],
    );
    return (row?.ahead ?? 0) < bounds.perWorkspace;
  }

  /**
   * A turn asked for by customer messages, while its workspace may be over its bound. Joined
   * when its conversation's turn waits for its first model call (the call reads the
   * conversation when its slot comes, these messages included) or is deferred already (the
   * messages are added to it); deferred, as a row in its workspace's queue, when its workspace
   * has calls waiting, unless fewer than its bound are ready to take a freed slot and none is
   * deferred (it is then the next to start ahead); otherwise to be started now. Only a backlog
   * forming is decided under the slots' lock: a flood's messages take none that another
   * workspace's calls wait for (a turn deferred as the one ahead of it starts waits for the next grant).
   */
  async requestTurn(request: TurnRequest, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<TurnRequestOutcome> {
    const stateOf = async (em: EntityManager) => {
      const [state] = await em.execute<{ deferred: boolean; call_waiting: boolean; backlog: boolean; queue_deferred: boolean }[]>(
        `select
           exists (select 1 from agents.model_call_slot where holder = ? and deferred_message_ids is not null) as deferred,
           exists (select 1 from agents.model_call_slot where workflow_id = ? and granted_at is null and deferred_message_ids is null
             and holder like '%/0' and ${LIVE}) as call_waiting,
           exists (select 1 from agents.model_call_slot where workspace_id = ? and granted_at is null and ${LIVE}) as backlog,
           exists (select 1 from agents.model_call_slot where workspace_id = ? and ${DEFERRED_IN_QUEUE} and ${LIVE}) as queue_deferred`,
        [request.workflowId, request.workflowId, request.workspaceId, request.workspaceId],
      );
      return state;
    };
    const em = this.db.em();
    const unlocked = await stateOf(em);
    if (unlocked?.call_waiting) return 'joined';
    if (unlocked?.deferred && (await this.joinDeferred(em, request))) return 'joined';
    if (!unlocked?.backlog && !unlocked?.deferred) return 'start';
    if (unlocked?.queue_deferred && (await this.insertDeferred(em, request, lifetimes, { behindDeferred: true }))) return 'deferred';
    return em.transactional(async (em) => {
      await em.execute(SLOTS_LOCK);
      const state = await stateOf(em);
      if (state?.call_waiting) return 'joined';
      if (state?.deferred && (await this.joinDeferred(em, request))) return 'joined';
      if (!state?.backlog) return 'start';
      if (!state.queue_deferred) {
        const [queue] = await em.execute<{ ready: number }[]>(
          `select count(*)::int as ready from agents.model_call_slot where workspace_id = ? and ${READY} and ${LIVE}`,
          [request.workspaceId],
        );
        if ((queue?.ready ?? 0) < bounds.perWorkspace) return 'start';
      }
      if (await this.insertDeferred(em, request, lifetimes, { behindDeferred: false })) return 'deferred';
      // Its conversation's turn deferred meanwhile, by a message taken without the lock: joined to it.
      return (await this.joinDeferred(em, request)) ? 'joined' : 'start';
    });
  }

  /** The turn deferred at the end of its workspace's queue (`behindDeferred`: only behind deferred turns not yet started), unless its conversation's is. */
  private async insertDeferred(
    em: EntityManager,
    request: TurnRequest,
    lifetimes: SlotLifetimes,
    { behindDeferred }: { behindDeferred: boolean },
  ): Promise<boolean> {
    const inserted = await em.execute<{ holder: string }[]>(
      `insert into agents.model_call_slot (holder, workspace_id, workflow_id, requested_at, granted_at, expires_at, deferred_message_ids, conversation_ref)
       select ?, ?, ?, now(), null, now() + make_interval(secs => ?), ?::jsonb, ?
       where not ?::boolean or exists (select 1 from agents.model_call_slot where workspace_id = ? and ${DEFERRED_IN_QUEUE} and ${LIVE})
       on conflict (holder) do nothing
       returning holder`,
      [
        request.workflowId,
        request.workspaceId,
        request.workflowId,
        secs(lifetimes.deferredMs),
        JSON.stringify(request.messageIds),
        request.conversationRef,
        behindDeferred,
        request.workspaceId,
      ],
    );
    return inserted.length > 0;
  }

  /** Adds the messages to their conversation's turn if still deferred: the row's own lock orders this against its take-over. */
  private async joinDeferred(em: EntityManager, request: TurnRequest): Promise<boolean> {
    const joined = await em.execute<{ holder: string }[]>(
      `update agents.model_call_slot set deferred_message_ids = deferred_message_ids
         || (select coalesce(jsonb_agg(id), '[]'::jsonb) from jsonb_array_elements(?::jsonb) id where not deferred_message_ids @> jsonb_build_array(id))
       where holder = ? and deferred_message_ids is not null
       returning holder`,
      [JSON.stringify(request.messageIds), request.workflowId],
    );
    return joined.length > 0;
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
      return row?.waiting ? this.grant(em, bounds, lifetimes, { sweep: false }) : [];
    });
  }

  /**
   * A grant pass when rows wait or lapsed: what a grant on a call's end would do, for the slots
   * no call's end will free (calls that died with their worker, deferred turns whose start was lost).
   */
  grantDue(bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<GrantedSlot[]> {
    return this.db.em().transactional(async (em) => {
      const [row] = await em.execute<{ due: boolean }[]>(
        `select exists (select 1 from agents.model_call_slot where granted_at is null or not (${LIVE})) as due`,
      );
      if (!row?.due) return [];
      await em.execute(SLOTS_LOCK);
      return this.grant(em, bounds, lifetimes, { sweep: true });
    });
  }

  /**
   * The free slots are given to the waiting calls `slotsToGrant` picks, then deferred turns are
   * started ahead (`startAhead`). A deferred turn started ahead is no candidate: it takes a free
   * slot itself as its call asks. With `sweep` (a grant pass, a call asking again), rows past
   * their lifetime go first (a deferred turn granted or started ahead but never taken over, its
   * start lost, goes back to its place); a call's end skips that, every statement under the lock
   * being one every call of every workspace waits for.
   */
  private async grant(
    em: EntityManager,
    bounds: SlotBounds,
    lifetimes: SlotLifetimes,
    { sweep }: { sweep: boolean },
  ): Promise<GrantedSlot[]> {
    if (sweep) {
      await em.execute(
        `update agents.model_call_slot set granted_at = null, started_at = null, expires_at = now() + make_interval(secs => ?)
         where deferred_message_ids is not null and (granted_at is not null or started_at is not null) and expires_at <= now()`,
        [secs(lifetimes.deferredMs)],
      );
      await em.execute(`delete from agents.model_call_slot where expires_at <= now()`);
    }
    const counts = await em.execute<{ workspace_id: string; held: number }[]>(
      `select workspace_id, count(*)::int as held from agents.model_call_slot where granted_at is not null and ${LIVE} group by workspace_id`,
    );
    // Each workspace's oldest calls, as many as its bound could ever let run at once, and as many
    // again (those a grant moves to the front).
    const waiting = await em.execute<
      {
        holder: string;
        workspace_id: string;
        workflow_id: string;
        requested_at: Date;
        answer_awaited: boolean;
        deferred_message_ids: string[] | null;
        conversation_ref: string | null;
      }[]
    >(
      `select holder, workspace_id, workflow_id, requested_at, answer_awaited, deferred_message_ids, conversation_ref from (
         select *, row_number() over (partition by workspace_id order by ${QUEUE_ORDER}) as place
         from agents.model_call_slot where granted_at is null and started_at is null and ${LIVE}) queued
       where place <= ?`,
      [2 * bounds.perWorkspace],
    );
    const calls = waiting.map((row) => ({
      holder: row.holder,
      workspaceId: row.workspace_id,
      requestedAt: new Date(row.requested_at),
      answerAwaited: row.answer_awaited,
      asking: row.deferred_message_ids === null,
    }));
    const chosen = slotsToGrant(new Map(counts.map((count) => [count.workspace_id, count.held])), calls, bounds);
    if (!chosen.length) return this.startAhead(em, bounds, lifetimes);
    const holders = chosen.map((slot) => slot.holder);
    await em.execute(
      `update agents.model_call_slot set granted_at = now(),
         expires_at = now() + make_interval(secs => case when deferred_message_ids is null then ? else ? end)
       where holder in (${holders.map(() => '?').join(', ')})`,
      [secs(lifetimes.heldMs), secs(lifetimes.deferredGrantMs), ...holders],
    );
    const rows = new Map(waiting.map((row) => [row.holder, row]));
    const nextInLine = callsNowNextInLine(calls, chosen, bounds.perWorkspace).map((call): GrantedSlot => ({
      ...toTell(rows.get(call.holder)!),
      nextInLine: true,
    }));
    return [...holders.map((holder) => toTell(rows.get(holder)!)), ...nextInLine, ...(await this.startAhead(em, bounds, lifetimes))];
  }

  /**
   * Starts each workspace's oldest deferred turns ahead of their slots, until as many of its
   * calls as its bound are ready to take a freed slot: a turn's start (the workflow, its first
   * task, the call asking) then happens while the workspace's slots are busy, not while a slot
   * granted to it waits for it, so a backlog drains at the pace of its model calls. A turn
   * started ahead has a deferred grant's lifetime to take its row over, or goes back to its place.
   */
  private async startAhead(em: EntityManager, bounds: SlotBounds, lifetimes: SlotLifetimes): Promise<GrantedSlot[]> {
    const started = await em.execute<DeferredRow[]>(
      `with ready as (
         select workspace_id, count(*) filter (where ${READY})::int as ready from agents.model_call_slot where ${LIVE} group by workspace_id),
       ahead as (
         select d.holder from (
           select holder, workspace_id, row_number() over (partition by workspace_id order by requested_at, holder) as place
           from agents.model_call_slot where ${DEFERRED_IN_QUEUE} and ${LIVE}) d
         left join ready r using (workspace_id)
         where d.place <= ? - coalesce(r.ready, 0))
       update agents.model_call_slot s set started_at = now(), expires_at = now() + make_interval(secs => ?)
       from ahead where s.holder = ahead.holder
       returning s.holder, s.workspace_id, s.workflow_id, s.deferred_message_ids, s.conversation_ref`,
      [bounds.perWorkspace, secs(lifetimes.deferredGrantMs)],
    );
    return started.map(toTell);
  }
}

function toTell(row: DeferredRow): GrantedSlot {
  const deferred =
    row.deferred_message_ids && row.conversation_ref
      ? { workspaceId: row.workspace_id, conversationRef: row.conversation_ref, messageIds: row.deferred_message_ids }
      : undefined;
  return { holder: row.holder, workflowId: row.workflow_id, ...(deferred ? { deferred } : {}) };
}
