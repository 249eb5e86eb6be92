import { CoalescedWrites } from './coalesced-writes';

/** A write that waits until released, recording the items of each call. */
function gatedWrite() {
  const calls: number[][] = [];
  let open: (() => void)[] = [];
  const write = async (items: number[]) => {
    calls.push(items);
    await new Promise<void>((resolve) => open.push(resolve));
    if (items.includes(-1)) throw new Error('refused');
    return items.map((n) => n * 10);
  };
  const release = () => {
    const waiting = open;
    open = [];
    waiting.forEach((resolve) => resolve());
  };
  return { calls, write, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CoalescedWrites', () => {
  it('writes a lone item at once, and answers its own result', async () => {
    const { calls, write, release } = gatedWrite();
    const writes = new CoalescedWrites(write);
    const result = writes.add(1);
    await settle();
    expect(calls).toEqual([[1]]);
    release();
    await expect(result).resolves.toBe(10);
  });

  it('writes the items that arrive during a write together, in the next one', async () => {
    const { calls, write, release } = gatedWrite();
    const writes = new CoalescedWrites(write);
    const first = writes.add(1);
    await settle();
    const later = [writes.add(2), writes.add(3), writes.add(4)];
    await settle();
    expect(calls).toEqual([[1]]);
    release();
    await expect(first).resolves.toBe(10);
    await settle();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    release();
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
  });

  it('rejects every caller of a failed write, and goes on with the next', async () => {
    const { calls, write, release } = gatedWrite();
    const writes = new CoalescedWrites(write);
    const first = writes.add(1);
    await settle();
    const failing = [writes.add(-1), writes.add(2)];
    release();
    await first;
    await settle();
    const after = writes.add(3);
    release();
    await expect(failing[0]).rejects.toThrow('refused');
    await expect(failing[1]).rejects.toThrow('refused');
    await settle();
    release();
    await expect(after).resolves.toBe(30);
    expect(calls).toEqual([[1], [-1, 2], [3]]);
  });

  it('says when it is idle: once the last queued item is written, not between writes', async () => {
    const { write, release } = gatedWrite();
    let idle = 0;
    const writes = new CoalescedWrites(write, () => (idle += 1));
    const first = writes.add(1);
    await settle();
    const second = writes.add(2);
    release();
    await first;
    await settle();
    expect(idle).toBe(0);
    release();
    await second;
    await settle();
    expect(idle).toBe(1);
  });
});
