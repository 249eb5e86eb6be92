import { AttemptSlots } from './attempt-slots';

describe('AttemptSlots', () => {
  it('gives out its slots, then makes the next taker wait for a release', async () => {
    const slots = new AttemptSlots(2);
    const first = await slots.take();
    await slots.take();
    let third = false;
    const waiting = slots.take().then((release) => {
      third = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    first();
    await waiting;
    expect(third).toBe(true);
  });

  it('counts a release once, however often it is called', async () => {
    const slots = new AttemptSlots(1);
    const release = await slots.take();
    release();
    release();
    await slots.take();
    let second = false;
    void slots.take().then(() => (second = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
  });
});
