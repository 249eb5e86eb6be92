import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { request, type Dispatcher } from 'undici';
import { createOutboundDispatcher, describeOutboundError, httpUrlProblem } from '@platica/platform';
import { MessagingConfigService } from '../config/messaging.config';
import { mediaUrlProblem } from './meta-media-origin';

/** Retrieve Media URL's answer, or Graph's error object. */
interface GraphMediaAnswer {
  url?: unknown;
  mime_type?: unknown;
  file_size?: unknown;
  error?: { message?: unknown; code?: unknown };
}

/** Why a media could not be had: Meta no longer has it, it is larger than asked, or Meta could not be asked or refused. */
export type MediaUnreadableKind = 'gone' | 'too_large' | 'failed';

/** Why a media could not be read, as the end of a sentence the model is given ("…: it is 12000000 bytes, more than…"). */
export class MediaUnreadable extends Error {
  override name = 'MediaUnreadable';

  constructor(
    message: string,
    readonly kind: MediaUnreadableKind = 'failed',
    /** Meta's HTTP status when Meta answered (a refusal), absent when it could not be reached. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface MediaLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * WhatsApp Cloud API media (Retrieve Media URL, then Download Media): `GET /{media-id}` on
 * META_GRAPH_BASE_URL with the channel's token answers `{url, mime_type, sha256, file_size}`;
 * the URL (Meta's CDN, valid 5 minutes) answers the bytes to the same bearer token. The size
 * Graph states is checked before downloading, and the download is cut at `maxBytes` whatever it
 * stated. The media URL is Meta's answer, not our configuration: it is followed only on Graph's
 * origin or Meta's media hosts (meta-media-origin.ts), through the outbound policy (no private
 * addresses unless PLATICA_ALLOW_PRIVATE_NETWORKS, no redirects). Messenger and Instagram
 * attachments carry such a URL in their webhook: `readUrl` fetches it, with no token.
 */
@Injectable()
export class WhatsAppMedia implements OnModuleDestroy {
  private readonly dispatcher: Dispatcher;

  constructor(private readonly config: MessagingConfigService) {
    this.dispatcher = createOutboundDispatcher({ allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
  }

  async onModuleDestroy(): Promise<void> {
    await this.dispatcher.close();
  }

  async read(
    channel: { externalId: string; accessToken: string },
    mediaId: string,
    limits: MediaLimits,
  ): Promise<{ mimeType: string; data: Uint8Array }> {
    const info = await this.describe(channel, mediaId);
    if (info.fileSize > limits.maxBytes) {
      throw new MediaUnreadable(`it is ${info.fileSize} bytes, more than the ${limits.maxBytes} bytes read for the model`, 'too_large');
    }
    return { mimeType: info.mimeType, data: (await this.download(info.url, limits, channel.accessToken)).data };
  }

  /** A Messenger or Instagram attachment's URL (signed by Meta: no token goes with it); its type as Meta's CDN answers it. */
  readUrl(url: string, limits: MediaLimits): Promise<{ mimeType: string; data: Uint8Array }> {
    return this.download(url, limits);
  }

  private async describe(channel: { externalId: string; accessToken: string }, mediaId: string) {
    const { META_GRAPH_BASE_URL, META_GRAPH_TIMEOUT_MS: timeoutMs } = this.config.values;
    // phone_number_id: Graph answers only for media sent to this channel's number.
    const url = `${META_GRAPH_BASE_URL.replace(/\/+$/, '')}/${encodeURIComponent(mediaId)}?phone_number_id=${encodeURIComponent(channel.externalId)}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${channel.accessToken}` }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new MediaUnreadable(`the Graph API could not be reached (${describeOutboundError(error, timeoutMs)})`);
    }
    const body = (await response.json().catch(() => null)) as GraphMediaAnswer | null;
    if (!response.ok) {
      const reason = typeof body?.error?.message === 'string' ? `: ${body.error.message}` : '';
      // Graph's "Object with ID … does not exist" (code 100), or a 404: the media expired (30 days) or never was.
      const gone = response.status === 404 || response.status === 410 || (response.status === 400 && body?.error?.code === 100);
      throw new MediaUnreadable(`the Graph API refused it (${response.status}${reason})`, gone ? 'gone' : 'failed', response.status);
    }
    if (typeof body?.url !== 'string') throw new MediaUnreadable('the Graph API answered no URL for it');
    return { url: body.url, mimeType: String(body.mime_type ?? 'application/octet-stream'), fileSize: Number(body.file_size ?? 0) };
  }

  private async download(url: string, limits: MediaLimits, accessToken?: string): Promise<{ mimeType: string; data: Uint8Array }> {
    const problem =
      mediaUrlProblem(url, this.config.values.META_GRAPH_BASE_URL) ??
      httpUrlProblem(url, { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
    if (problem) throw new MediaUnreadable(`the media URL ${problem}`);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        dispatcher: this.dispatcher,
        headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), 'user-agent': 'Platica/1.0' },
        signal: AbortSignal.timeout(limits.timeoutMs),
        headersTimeout: limits.timeoutMs,
        bodyTimeout: limits.timeoutMs,
      });
    } catch (error) {
      throw new MediaUnreadable(`its download failed (${describeOutboundError(error, limits.timeoutMs)})`);
    }
    if (answer.statusCode !== 200) {
      await answer.body.dump().catch(() => undefined);
      // Meta's CDN answers an expired URL (or a media it no longer keeps) 403 or 404.
      const gone = [403, 404, 410].includes(answer.statusCode);
      throw new MediaUnreadable(`its download was answered ${answer.statusCode}`, gone ? 'gone' : 'failed', answer.statusCode);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) throw new MediaUnreadable(`it is more than the ${limits.maxBytes} bytes read for the model`, 'too_large');
      chunks.push(chunk as Buffer);
    }
    const type = answer.headers['content-type'];
    const mimeType = (Array.isArray(type) ? type[0] : type)?.split(';')[0]?.trim() || 'application/octet-stream';
    return { mimeType, data: new Uint8Array(Buffer.concat(chunks)) };
  }
}
