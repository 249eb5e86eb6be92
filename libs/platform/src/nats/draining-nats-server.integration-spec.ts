import { Controller, Module, UseInterceptors, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, NatsRequestJSONDeserializer, Payload } from '@nestjs/microservices';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { newIsolation } from '@platica/testing';
import { DrainingNatsServer } from './draining-nats-server';
import { RpcObservabilityInterceptor } from './rpc-observability.interceptor';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** Nest subscribes to a handler's pattern as its subject: this run's own. */
const SUBJECT = `${newIsolation().natsPrefix}echo`;

@Controller()
@UseInterceptors(RpcObservabilityInterceptor)
class EchoController {
  @MessagePattern(SUBJECT)
  echo(@Payload() text: string) {
    return { status: 200, body: text };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

/**
 * Nest's JSON deserializer, held back until the test lets it go: a request taken from the
 * subscription that has not reached its handler (and its in-flight count) yet.
 */
class HeldDeserializer extends NatsRequestJSONDeserializer {
  taken!: Promise<void>;
  private onTaken!: () => void;
  private released!: Promise<void>;
  release!: () => void;

  constructor() {
    super();
    this.taken = new Promise((resolve) => (this.onTaken = resolve));
    this.released = new Promise((resolve) => (this.release = resolve));
  }

  override async deserialize(value: Msg, options?: Record<string, unknown>) {
    this.onTaken();
    await this.released;
    return super.deserialize(value, options);
  }
}

describe('DrainingNatsServer (integration, real NATS)', () => {
  let app: INestMicroservice;
  let server: DrainingNatsServer;
  let caller: NatsConnection;
  const deserializer = new HeldDeserializer();

  beforeAll(async () => {
    server = new DrainingNatsServer({ servers: NATS_URL, queue: SUBJECT, deserializer }, 5_000);
    app = await NestFactory.createMicroservice(EchoModule, { strategy: server, logger: false });
    await app.listen();
    caller = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    await app?.close();
    await caller?.close();
  });

  it('answers a request taken before the drain even when its handler starts after the drain', async () => {
    const reply = caller.request(SUBJECT, JSON.stringify({ pattern: SUBJECT, data: 'hola', id: '1' }), { timeout: 3_000 });
    await deserializer.taken;
    const closed = server.close();
    // The drain is confirmed while the request is still on its way to the handler.
    await new Promise((resolve) => setTimeout(resolve, 100));
    deserializer.release();

    expect((await reply).json()).toMatchObject({ id: '1', response: { status: 200, body: 'hola' } });
    await closed;
  });
});
