import { Injectable, Logger } from '@nestjs/common';
import type { Msg, Subscription } from '@nats-io/transport-node';
import { META_SIGNATURE_HEADER, Subjects, type RpcReply } from '@platica/contracts';
import { NatsHandle, errorReply, natsSubject, type BackgroundPart } from '@platica/platform';
import { InboundService } from './inbound.service';

/**
 * Serves `messaging.inbound.meta` on a plain NATS subscription (the service's queue group)
 * instead of a Nest handler: every Meta delivery crosses it, and the exact body travels as the
 * message's bytes (no JSON envelope, no base64), its signature as a NATS header. The reply is
 * the contract's `{status, body}`.
 */
@Injectable()
export class InboundSubscriber implements BackgroundPart {
  private readonly logger = new Logger('inbound');
  private subscription: Subscription | null = null;

  constructor(
    private readonly nats: NatsHandle,
    private readonly inbound: InboundService,
  ) {}

  start(): void {
    this.subscription = this.nats.connection.subscribe(natsSubject(Subjects.messaging.inboundMeta), {
      queue: natsSubject('messaging'),
      callback: (error, msg) => {
        if (error) {
          this.logger.warn({ msg: 'inbound subscription error', error: String(error) });
          return;
        }
        void this.handle(msg);
      },
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.drain();
  }

  private async handle(msg: Msg): Promise<void> {
    let reply: RpcReply;
    try {
      const body = await this.inbound.receive(Buffer.from(msg.data), msg.headers?.get(META_SIGNATURE_HEADER) || null);
      reply = { status: 200, body };
    } catch (error) {
      reply = errorReply(error, { subject: Subjects.messaging.inboundMeta });
    }
    msg.respond(JSON.stringify(reply));
  }
}
