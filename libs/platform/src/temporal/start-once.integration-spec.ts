import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { echoWorkflow } from '@platica/workflows';
import { CuttableProxy, newIsolation, temporalAddress } from '@platica/testing';
import { DomainError } from '@platica/errors';
import { STARTED_FOR_MEMO, TemporalPulse, startOnce } from './start-once';
import { installTemporalRuntime } from './temporal';

/**
 * startOnce on the real dev server, reached through a proxy the test cuts: a start made twice
 * for one request answers the same run; another request's open run is null; with Temporal gone,
 * 503 within seconds on both kinds of client (a service's, and a worker's native one).
 */
describe('startOnce (integration, real Temporal)', () => {
  const isolation = newIsolation();
  let proxy: CuttableProxy;
  const clients: { name: string; client: Client; close: () => Promise<void> }[] = [];
  const pulses: TemporalPulse[] = [];
  const pulseOf = (client: Client) => {
    const pulse = new TemporalPulse(() => client);
    pulses.push(pulse);
    return pulse;
  };

  beforeAll(async () => {
    installTemporalRuntime();
    proxy = await CuttableProxy.start(temporalAddress());
    const connection = await Connection.connect({ address: proxy.address });
    clients.push({ name: 'client', client: new Client({ connection }), close: () => connection.close() });
    const native = await NativeConnection.connect({ address: proxy.address });
    clients.push({ name: 'native', client: new Client({ connection: native as never }), close: () => native.close() });
  });
  afterAll(async () => {
    // The checks given up on end by their deadline before the connections close (TemporalPulse.settled).
    for (const pulse of pulses) await pulse.settled();
    for (const { close } of clients) await close();
    await proxy?.stop();
  });

  const starter = (client: Client, workflowId: string, requestId: string) => async () =>
    (
      await client.workflow.start(echoWorkflow, {
        // No worker polls this queue: the run stays open.
        taskQueue: `${isolation.taskQueuePrefix}nobody`,
        workflowId,
        args: [{ text: 'hola', sleepMs: 0 }],
        workflowIdConflictPolicy: 'FAIL',
        memo: { [STARTED_FOR_MEMO]: requestId },
      })
    ).firstExecutionRunId;

  it('answers the same run for a request started twice, and null while another request’s run is open', async () => {
    const { client } = clients[0]!;
    const workflowId = `start-once-${isolation.tag}`;
    const pulse = pulseOf(client);
    const first = await startOnce(pulse, client, workflowId, 'req-1', starter(client, workflowId, 'req-1'));
    expect(first).toEqual(expect.any(String));
    expect(await startOnce(pulse, client, workflowId, 'req-1', starter(client, workflowId, 'req-1'))).toBe(first);
    expect(await startOnce(pulse, client, workflowId, 'req-2', starter(client, workflowId, 'req-2'))).toBeNull();
    await client.workflow.getHandle(workflowId).terminate();
  });

  // A pulse that has not heard from Temporal lately, as after a quiet spell or a failed call.
  it.each(['client', 'native'])('answers 503 temporal_unavailable within 2 s when Temporal is gone (%s)', async (name) => {
    const { client } = clients.find((c) => c.name === name)!;
    const workflowId = `start-once-down-${name}-${isolation.tag}`;
    await proxy.cut();
    try {
      const started = Date.now();
      const error = await startOnce(pulseOf(client), client, workflowId, 'req', starter(client, workflowId, 'req')).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toMatchObject({ reason: 'temporal_unavailable' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await proxy.restore();
    }
  });
});
