import { CuttableProxy, eventually, startTestStack, temporalAddress, type TestStack } from '@platica/testing';

/**
 * Readiness through a Temporal outage made by the test: the services reach Temporal through a
 * proxy the test cuts and restores. A worker service is unready while Temporal cannot be
 * reached, and ready again within seconds of its return.
 */
describe('readiness through a Temporal outage (e2e)', () => {
  let t: TestStack;
  let temporal: CuttableProxy;

  beforeAll(async () => {
    temporal = await CuttableProxy.start(temporalAddress());
    // A stack of its own: it cuts the services' way to Temporal.
    t = await startTestStack({ TEMPORAL_ADDRESS: temporal.address });
  });
  afterAll(async () => {
    await t?.stop();
    await temporal?.stop();
  });

  const readiness = async (service: 'agents' | 'messaging') => {
    const answer = await fetch(`http://127.0.0.1:${t.stack.services.get(service)!.port}/readyz`);
    return { status: answer.status, body: (await answer.json()) as { checks?: Record<string, string>; details?: Record<string, string> } };
  };

  it('says temporal is unreachable while it is cut, and is ready again within seconds of its return', async () => {
    for (const service of ['agents', 'messaging'] as const) expect((await readiness(service)).status).toBe(200);
    await temporal.cut();
    for (const service of ['agents', 'messaging'] as const) {
      const unready = await eventually(`${service} unready`, async () => {
        const answer = await readiness(service);
        return answer.status === 503 && answer;
      });
      expect(unready.body.details?.temporal).not.toBe('ok');
    }
    await temporal.restore();
    const restoredAt = Date.now();
    for (const service of ['agents', 'messaging'] as const) {
      await eventually(`${service} ready again`, async () => (await readiness(service)).status === 200, 15_000);
    }
    expect(Date.now() - restoredAt).toBeLessThan(15_000);
  });
});
