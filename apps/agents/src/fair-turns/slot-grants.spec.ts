import { callsNowNextInLine, slotsToGrant, type WaitingCall } from './slot-grants';

const at = (second: number) => new Date(Date.UTC(2026, 10, 29, 4, 0, second));
const call = (workspaceId: string, second: number, holder = `${workspaceId}-${second}`, answerAwaited = false): WaitingCall => ({
  holder,
  workspaceId,
  requestedAt: at(second),
  answerAwaited,
});
const holders = (calls: WaitingCall[]) => calls.map((c) => c.holder);

describe('slotsToGrant', () => {
  it("never lets a workspace pass its own bound, whatever the worker's room", () => {
    const waiting = [call('a', 1), call('a', 2), call('a', 3), call('a', 4)];
    expect(holders(slotsToGrant(new Map([['a', 2]]), waiting, { perWorkspace: 3, total: 100 }))).toEqual(['a-1']);
    expect(slotsToGrant(new Map([['a', 3]]), waiting, { perWorkspace: 3, total: 100 })).toEqual([]);
  });

  it("serves a workspace's backlog oldest first, in whatever order it was read", () => {
    const waiting = [call('a', 9), call('a', 3), call('a', 7), call('a', 5)];
    expect(holders(slotsToGrant(new Map(), waiting, { perWorkspace: 2, total: 10 }))).toEqual(['a-3', 'a-5']);
  });

  it("serves a chat turn's call, whose answer a client awaits, ahead of its workspace's older backlog, and no other workspace's", () => {
    const waiting = [call('a', 1), call('a', 2), call('a', 30, 'a-chat', true), call('b', 20)];
    // One slot: a's chat first within a, but b runs nothing and gets it.
    expect(holders(slotsToGrant(new Map([['a', 3]]), waiting, { perWorkspace: 8, total: 4 }))).toEqual(['b-20']);
    // Two slots for a alone: its chat, then its oldest.
    expect(holders(slotsToGrant(new Map([['b', 8]]), waiting, { perWorkspace: 8, total: 10 }))).toEqual(['a-chat', 'a-1']);
  });

  it("gives a quiet workspace's call the first free slot, ahead of a flooding workspace's older backlog", () => {
    // a holds 3 of the 4 slots and has waited longer; b's call is newer but b runs nothing.
    const waiting = [call('a', 1), call('a', 2), call('b', 50)];
    expect(holders(slotsToGrant(new Map([['a', 3]]), waiting, { perWorkspace: 8, total: 4 }))).toEqual(['b-50']);
  });

  it('spreads the free slots across the waiting workspaces, fewest in flight first, the longest waiting on a tie', () => {
    const waiting = [call('a', 1), call('a', 2), call('a', 3), call('b', 4), call('b', 5), call('c', 6)];
    const granted = slotsToGrant(new Map([['c', 1]]), waiting, { perWorkspace: 5, total: 6 });
    // a and b start at 0: a (older) then b; then c, a and b are at 1: a (its next is the oldest), then b.
    expect(holders(granted)).toEqual(['a-1', 'b-4', 'a-2', 'b-5', 'c-6']);
  });

  it('grants nothing while the worker is full, even to a workspace under its bound', () => {
    expect(slotsToGrant(new Map([['a', 4]]), [call('b', 1)], { perWorkspace: 4, total: 4 })).toEqual([]);
  });

  it('orders calls asked for at the same instant by their holder, so every worker grants the same ones', () => {
    const waiting = [call('a', 1, 'a-z'), call('a', 1, 'a-m')];
    expect(holders(slotsToGrant(new Map(), waiting, { perWorkspace: 1, total: 4 }))).toEqual(['a-m']);
  });
});

describe('callsNowNextInLine', () => {
  const asking = (workspaceId: string, second: number, isAsking = true) => ({ ...call(workspaceId, second), asking: isAsking });

  it("names the calls a grant moved into their workspace's first places, and no others", () => {
    const waiting = [asking('a', 1), asking('a', 2), asking('a', 3), asking('a', 4), asking('a', 5), asking('b', 6), asking('b', 7)];
    // a's first two granted: with a bound of 2, its third and fourth are now next in line; b's stayed where they were.
    const granted = [waiting[0]!, waiting[1]!];
    expect(holders(callsNowNextInLine(waiting, granted, 2))).toEqual(['a-3', 'a-4']);
    expect(holders(callsNowNextInLine(waiting, [], 2))).toEqual([]);
  });

  it('leaves out deferred turns, which have no call to ask (they are started instead)', () => {
    const waiting = [asking('a', 1), asking('a', 2, false), asking('a', 3)];
    expect(holders(callsNowNextInLine(waiting, [waiting[0]!], 2))).toEqual(['a-3']);
  });
});
