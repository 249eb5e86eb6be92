import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MetaVerification } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { InboundQueue } from './inbound-queue';
import { addressedChannels } from './meta-payload';

/** Meta's webhooks, as the gateway forwards them from `/hooks/meta` (ARCHITECTURE.md › External providers). */
@Injectable()
export class InboundService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly queue: InboundQueue,
  ) {}

  /** `GET /hooks/meta`: echoes `hub.challenge` when the verify token is a channel's; 403 otherwise. */
  async verify(request: MetaVerification): Promise<{ challenge: string }> {
    if (request.mode !== 'subscribe' || !request.verifyToken || request.challenge === null) {
      throw new DomainError(ErrorCode.Forbidden, 'Not a subscription verification', '');
    }
    if (!(await this.channels.verifyTokenExists(request.verifyToken)))
      throw new DomainError(ErrorCode.Forbidden, 'Unknown verify token', '');
    return { challenge: request.challenge };
  }

  /**
   * `POST /hooks/meta`: checks `X-Hub-Signature-256` (HMAC-SHA256 of the exact bytes) against
   * the app secret of the channels the payload addresses, stores the delivery for those whose
   * secret verifies, and answers; processing follows. Nothing is stored without a valid signature.
   */
  async receive(raw: Buffer, signatureHeader: string | null): Promise<{ received: true; id: string }> {
    const unauthenticated = (why: string) => new DomainError(ErrorCode.Unauthenticated, why, { header: 'X-Hub-Signature-256' });
    const signature = /^sha256=([0-9a-f]{64})$/i.exec(signatureHeader?.trim() ?? '')?.[1];
    if (!signature) throw unauthenticated('Missing or malformed X-Hub-Signature-256');

    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw DomainError.validation([{ path: [], message: 'the body is not JSON' }], 'Invalid webhook body');
    }
    const addressed = addressedChannels(payload);
    if (!addressed)
      throw DomainError.validation(
        [{ path: ['object'], message: 'not a whatsapp_business_account, page or instagram delivery' }],
        'Unsupported webhook object',
      );
    const candidates = (
      await Promise.all(addressed.externalIds.map((id) => this.channels.findByExternalId(addressed.platform, id)))
    ).flat();

    const expected = Buffer.from(signature.toLowerCase(), 'hex');
    const bySecret = new Map<string, boolean>();
    const verified = candidates.filter((channel) => {
      const secret = channel.secrets?.appSecret;
      if (!secret) return false;
      let ok = bySecret.get(secret);
      if (ok === undefined) {
        ok = timingSafeEqual(createHmac('sha256', secret).update(raw).digest(), expected);
        bySecret.set(secret, ok);
      }
      return ok;
    });
    if (!verified.length) throw unauthenticated('The signature does not match the app secret of any channel this delivery addresses');
    const id = await this.queue.accept(raw.toString('utf8'), payload, dedupe(verified));
    return { received: true, id };
  }
}

function dedupe(channels: OpenChannel[]): OpenChannel[] {
  return [...new Map(channels.map((c) => [c.id, c])).values()];
}
