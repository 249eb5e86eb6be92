import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DomainError, ErrorCode } from '@platica/errors';
import { CuttableProxy, eventually, newIsolation } from '@platica/testing';
import { RpcClient } from './rpc-client';
import { natsSubject } from './subjects';

const NATS_URL = new URL(process.env.NATS_URL ?? 'nats://127.0.0.1:4222');
/** A service of this run's own: it answers `answer.*` at once and keeps `slow.*` waiting. */
const PREFIX = newIsolation().natsPrefix;

describe('RpcClient through a NATS outage (integration, real NATS)', () => {
  let proxy: CuttableProxy;
  let service: NatsConnection;
  let client: RpcClient;

  beforeAll(async () => {
    process.env.PLATICA_NATS_PREFIX = PREFIX;
    proxy = await CuttableProxy.start(`${NATS_URL.hostname}:${NATS_URL.port || 4222}`);
    service = await connect({ servers: NATS_URL.toString() });
    service.subscribe(natsSubject('test.answer'), {
      callback: (_error, message) => {
        message.respond(JSON.stringify({ response: { status: 200, body: 'ok' }, isDisposed: true }));
      },
    });
    service.subscribe(natsSubject('test.slow'), { callback: () => undefined });
    await service.flush();
    client = new RpcClient(`nats://${proxy.address}`, 30_000);
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await service?.drain();
    await proxy?.stop();
    delete process.env.PLATICA_NATS_PREFIX;
  });

  const envelope = { auth: { principal: 'test', workspaces: [] }, body: {} } as never;

  it('fails a request waiting when the connection drops at once with 504 nats_disconnected, not at its time-out', async () => {
    expect((await client.request('test.answer', envelope)).body).toBe('ok');
    const waiting = client.request('test.slow', envelope).then(
      () => null,
      (error: unknown) => ({ error, at: Date.now() }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cutAt = Date.now();
    await proxy.cut();
    const failed = await waiting;
    expect(failed?.error).toBeInstanceOf(DomainError);
    const error = failed!.error as DomainError;
    expect([error.code, error.status, error.details]).toEqual([ErrorCode.Timeout, 504, { service: 'test', reason: 'nats_disconnected' }]);
    expect(failed!.at - cutAt).toBeLessThan(2_000);

    // While down: 503 at once; back: answered again.
    await expect(client.request('test.answer', envelope)).rejects.toMatchObject({ status: 503 });
    await proxy.restore();
    await eventually(
      'answered again',
      async () => (await client.request('test.answer', envelope).catch(() => null))?.body === 'ok' || undefined,
    );
  });
});
