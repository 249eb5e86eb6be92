import { MockActivityEnvironment } from '@temporalio/testing';
import { fake, newTestService } from '@platica/testing/test-service';
import { ScheduledMessageActivitiesFactory } from './scheduled-message.activities';
import { ScheduledSendsDispatcher } from './scheduled-sends.dispatcher';

/** The dispatcher activity over a dispatcher that runs until its signal aborts (or returns at once), heartbeating once. */
function world(options: { returnsAtOnce?: boolean } = {}) {
  const runs: { until: number; signal: AbortSignal }[] = [];
  const built = newTestService(
    ScheduledMessageActivitiesFactory,
    fake(ScheduledSendsDispatcher, {
      run: async (until: number, signal: AbortSignal, heartbeat: () => void) => {
        runs.push({ until, signal });
        heartbeat();
        if (options.returnsAtOnce || signal.aborted) return;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
    }),
  );
  const environment = new MockActivityEnvironment();
  const heartbeats: unknown[] = [];
  environment.on('heartbeat', (details: unknown) => void heartbeats.push(details));
  const dispatch = (windowMs: number) => environment.run(built.service.activities().dispatchScheduledSends, windowMs);
  return { factory: built.service, environment, dispatch, runs, heartbeats };
}

describe('ScheduledMessageActivitiesFactory.dispatchScheduledSends', () => {
  it("dispatches until the window's end, heartbeating through the activity", async () => {
    const w = world({ returnsAtOnce: true });
    const before = Date.now();
    await w.dispatch(60_000);
    expect(w.runs).toHaveLength(1);
    expect(w.runs[0]!.until).toBeGreaterThanOrEqual(before + 60_000);
    expect(w.runs[0]!.until).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(w.heartbeats).toHaveLength(1);
  });

  it('returns when the service stops, so another worker takes the dispatch over', async () => {
    const w = world();
    const running = w.dispatch(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(w.runs[0]!.signal.aborted).toBe(false);
    w.factory.stop();
    await running;
    expect(w.runs[0]!.signal.aborted).toBe(true);
  });

  it('stops dispatching when Temporal cancels the activity', async () => {
    const w = world();
    const running = w.dispatch(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    w.environment.cancel();
    await running.catch(() => undefined);
    expect(w.runs[0]!.signal.aborted).toBe(true);
  });
});
