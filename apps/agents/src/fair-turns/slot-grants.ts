/** The bounds on model calls in flight (docs/agents.md › Fair turns across workspaces). */
export interface SlotBounds {
  /** One workspace's calls in flight. */
  perWorkspace: number;
  /** All workspaces' calls in flight, in all the agents service's workers together. */
  total: number;
}

/** A call waiting for its slot. */
export interface WaitingCall {
  holder: string;
  workspaceId: string;
  requestedAt: Date;
  /** A chat turn's call, whose answer an API client awaits: ahead of its workspace's other calls. */
  answerAwaited: boolean;
}

/**
 * Which waiting calls get the slots free now. Each slot goes to the workspace with the fewest
 * calls in flight among those under their own bound (the one whose next call comes first on a
 * tie), to the first call of its queue: a workspace with a backlog never takes a freed slot from
 * one with fewer calls running, and within a workspace calls whose answer a client awaits come
 * first, then the backlog drains oldest first. `held`: the calls in flight
 * per workspace; `waiting`: any order.
 */
export function slotsToGrant(held: ReadonlyMap<string, number>, waiting: readonly WaitingCall[], bounds: SlotBounds): WaitingCall[] {
  const running = new Map(held);
  let total = [...running.values()].reduce((sum, count) => sum + count, 0);
  const queues = new Map<string, WaitingCall[]>();
  for (const call of [...waiting].sort(inQueueOrder)) {
    const queue = queues.get(call.workspaceId) ?? [];
    queue.push(call);
    queues.set(call.workspaceId, queue);
  }
  const granted: WaitingCall[] = [];
  while (total < bounds.total) {
    let next: { workspaceId: string; call: WaitingCall; running: number } | undefined;
    for (const [workspaceId, queue] of queues) {
      const call = queue[0];
      const count = running.get(workspaceId) ?? 0;
      if (!call || count >= bounds.perWorkspace) continue;
      if (!next || count < next.running || (count === next.running && inQueueOrder(call, next.call) < 0))
        next = { workspaceId, call, running: count };
    }
    if (!next) break;
    queues.get(next.workspaceId)?.shift();
    running.set(next.workspaceId, next.running + 1);
    total++;
    granted.push(next.call);
  }
  return granted;
}

/** A workspace's queue order (model-call-slot.repository.ts's QUEUE_ORDER): awaited answers first, then the oldest. */
function inQueueOrder(a: WaitingCall, b: WaitingCall): number {
  return (
    Number(b.answerAwaited) - Number(a.answerAwaited) ||
    a.requestedAt.getTime() - b.requestedAt.getTime() ||
    (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0)
  );
}

/**
 * The waiting calls that `granted` moved into their workspace's first `perWorkspace` places:
 * asked to ask again, they wait in their worker for the slot that is soon theirs (a grant then
 * needs no signal's round trip). `waiting`: the calls before the grant, any order, with whether
 * each is a started turn's call (a deferred turn has no call to ask).
 */
export function callsNowNextInLine<T extends WaitingCall & { asking: boolean }>(
  waiting: readonly T[],
  granted: readonly WaitingCall[],
  perWorkspace: number,
): T[] {
  const taken = new Set(granted.map((call) => call.holder));
  const grantedIn = new Map<string, number>();
  for (const call of granted) grantedIn.set(call.workspaceId, (grantedIn.get(call.workspaceId) ?? 0) + 1);
  const queues = new Map<string, T[]>();
  for (const call of [...waiting].sort(inQueueOrder)) {
    if (taken.has(call.holder)) continue;
    queues.set(call.workspaceId, [...(queues.get(call.workspaceId) ?? []), call]);
  }
  return [...queues].flatMap(([workspaceId, queue]) => {
    const moved = grantedIn.get(workspaceId) ?? 0;
    return queue.slice(Math.max(0, perWorkspace - moved), perWorkspace).filter((call) => call.asking);
  });
}
