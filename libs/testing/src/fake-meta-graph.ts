import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake Graph API received. */
export interface GraphRequest {
  time: number;
  method: string;
  path: string;
  /** The object the call addresses: phone number id or page id. */
  objectId: string | null;
  edge: string | null;
  authorization: string | null;
  host: string;
  body: any;
  status: number;
  response: any;
}

interface FailRule {
  remaining: number;
  status: number;
  error: unknown;
  match: (request: GraphRequest) => boolean;
}

/**
 * A fake of Meta's Graph API on loopback (a free port), answering like the real one:
 *   POST /[vNN.N/]{phone-number-id}/messages (WhatsApp Cloud API) -> {messaging_product, contacts, messages: [{id: "wamid.…"}]}
 *   POST /[vNN.N/]{page-id}/messages (Messenger / Instagram Send API) -> {recipient_id, message_id}
 *   GET /[vNN.N/]{media-id}[?phone_number_id=…] (Retrieve Media URL) -> {messaging_product, url, mime_type, sha256, file_size, id}
 *   GET {that url} (Download Media, `/whatsapp_business/attachments/?mid=…`) -> the bytes
 *   GET {a Messenger / Instagram attachment's url} (`addAttachment`, no token) -> the bytes
 * Both media calls take only the token the media was registered with (`addMedia`), as Meta
 * answers a media only to the business it was sent to; the URL is valid for 5 minutes.
 * It records every request and can be told to fail the next sends or hold them, and, like Meta, to report
 * each accepted WhatsApp send with a `sent` status webhook (retried until it is taken).
 */
export class FakeMetaGraph {
  readonly requests: GraphRequest[] = [];
  private readonly failRules: FailRule[] = [];
  private readonly media = new Map<string, FakeMedia>();
  private readonly attachments = new Map<string, { mimeType: string; bytes: Uint8Array }>();
  private server: Server | null = null;
  private statusTarget: StatusTarget | null = null;
  private held: Promise<void> | null = null;
  private readonly statusDeliveries = new Set<Promise<void>>();
  url = '';

  static async start(): Promise<FakeMetaGraph> {
    const fake = new FakeMetaGraph();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v21.0`;
    return fake;
  }

  /**
   * From now on, every accepted WhatsApp send of these channels is reported to
   * `{baseUrl}/hooks/meta` as Meta does: a signed `sent` status carrying the send's
   * `biz_opaque_callback_data`, redelivered every `retryMs` until it is answered 200.
   */
  reportStatuses(target: StatusTarget): void {
    this.statusTarget = target;
  }

  async stop(): Promise<void> {
    const target = this.statusTarget;
    this.statusTarget = null;
    if (target) await Promise.allSettled([...this.statusDeliveries]);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Sends (message posts), optionally those addressing one object id. */
  sends(objectId?: string): GraphRequest[] {
    return this.requests.filter((r) => r.edge === 'messages' && r.method === 'POST' && (objectId === undefined || r.objectId === objectId));
  }

  /**
   * A media a customer sent to `phoneNumberId`, which Graph hands out to `accessToken`; an
   * `error` makes `GET /{media-id}` answer it instead (status and Graph error).
   */
  addMedia(media: FakeMedia): void {
    this.media.set(media.id, media);
  }

  /**
   * A Messenger or Instagram attachment on Meta's CDN: the URL its webhook carries (`payload.url`,
   * signed, fetched with no token), here on the fake's origin; it answers `bytes` as `mimeType`.
   */
  addAttachment(attachment: { mimeType: string; bytes: Uint8Array }): string {
    const id = randomBytes(8).toString('hex');
    this.attachments.set(id, attachment);
    return `${new URL(this.url).origin}${ATTACHMENT_PATH}${id}?oh=${randomBytes(8).toString('hex')}`;
  }

  /**
   * Sends wait, recorded, until the returned function is called, then are answered (a Graph slower
   * than its caller's time limit: Meta has the message, the caller does not know yet).
   */
  hold(): () => void {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.held = held;
    return () => {
      if (this.held === held) this.held = null;
      release();
    };
  }

  /** The next `count` sends matching `match` answer `status` with a Graph error body. */
  failNextSends(
    count: number,
    options: { status?: number; code?: number; message?: string; match?: (r: GraphRequest) => boolean } = {},
  ): void {
    this.failRules.push({
      remaining: count,
      status: options.status ?? 400,
      error: graphError(options.code ?? 131026, options.message ?? '(#131026) Message undeliverable'),
      match: options.match ?? (() => true),
    });
  }

  private reportSent(record: GraphRequest, wamid: string): void {
    const target = this.statusTarget;
    const channel = target?.channels.find((c) => c.phoneNumberId === record.objectId);
    if (!target || !channel) return;
    const payload = whatsappStatus({
      ...channel,
      messageId: wamid,
      status: 'sent',
      recipient: String(record.body.to),
      callbackData: record.body.biz_opaque_callback_data,
    });
    const delivery = (async () => {
      // Meta redelivers a webhook that is not answered 200; this fake stops when it is stopped.
      while (this.statusTarget === target) {
        const answer = await deliverMetaWebhook(target.baseUrl, payload, channel.appSecret).catch(() => ({ status: 0 }));
        if (answer.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, target.retryMs ?? 500));
      }
    })();
    this.statusDeliveries.add(delivery);
    void delivery.finally(() => this.statusDeliveries.delete(delivery));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const segments = url.pathname.split('/').filter(Boolean);
    if (/^v\d+(\.\d+)?$/.test(segments[0] ?? '')) segments.shift();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const record: GraphRequest = {
      time: Date.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      objectId: segments[0] ?? null,
      edge: segments[1] ?? null,
      authorization: req.headers.authorization ?? null,
      host: req.headers.host ?? '',
      body,
      status: 0,
      response: null,
    };
    this.requests.push(record);
    const answer = (status: number, response: unknown) => {
      record.status = status;
      record.response = response;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(response));
    };
    if (record.method === 'GET') return this.answerMedia(url, record, answer, res);
    if (record.method !== 'POST' || record.edge !== 'messages')
      return answer(400, graphError(100, `Unsupported ${record.method} request on ${url.pathname}`));
    if (!body) return answer(400, graphError(100, 'Invalid JSON body'));
    if (!record.authorization?.startsWith('Bearer ')) return answer(401, graphError(190, 'Invalid OAuth access token'));
    if (this.held) await this.held;
    const rule = this.failRules.find((r) => r.remaining > 0 && r.match(record));
    if (rule) {
      rule.remaining -= 1;
      return answer(rule.status, rule.error);
    }
    if (body.messaging_product === 'whatsapp') {
      if (!body.to || !body.type) return answer(400, graphError(100, '(#100) The parameter to is required'));
      const wamid = newWamid();
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(body.to), wa_id: String(body.to).replace(/^\+/, '') }],
        messages: [{ id: wamid }],
      });
      this.reportSent(record, wamid);
      return;
    }
    if (!body.recipient?.id || !body.message) return answer(400, graphError(100, '(#100) param recipient must be non-empty'));
    return answer(200, { recipient_id: body.recipient.id, message_id: `m_${randomBytes(18).toString('base64url')}` });
  }

  private answerMedia(url: URL, record: GraphRequest, answer: (status: number, response: unknown) => void, res: ServerResponse): void {
    if (url.pathname.startsWith(ATTACHMENT_PATH)) {
      const attachment = this.attachments.get(url.pathname.slice(ATTACHMENT_PATH.length));
      if (!attachment) return answer(404, graphError(100, 'URL expired or not found'));
      record.status = 200;
      res.writeHead(200, { 'content-type': attachment.mimeType, 'content-length': attachment.bytes.length });
      res.end(attachment.bytes);
      return;
    }
    const download = url.pathname === DOWNLOAD_PATH;
    const media = this.media.get(download ? (url.searchParams.get('mid') ?? '') : (record.objectId ?? ''));
    const authorized = media && record.authorization === `Bearer ${media.accessToken}`;
    if (download) {
      const expired = Date.now() > Number(url.searchParams.get('ext')) * 1000;
      if (!media || !authorized || expired) return answer(404, graphError(100, 'URL expired or not found'));
      record.status = 200;
      res.writeHead(200, { 'content-type': media.mimeType, 'content-length': media.bytes.length });
      res.end(media.bytes);
      return;
    }
    if (record.edge) return answer(400, graphError(100, `Unsupported GET request on ${url.pathname}`));
    if (!record.authorization?.startsWith('Bearer ')) return answer(401, graphError(190, 'Invalid OAuth access token'));
    const phoneNumberId = url.searchParams.get('phone_number_id');
    if (!media || !authorized || (phoneNumberId && phoneNumberId !== media.phoneNumberId)) {
      return answer(400, graphError(100, `Unsupported get request. Object with ID '${record.objectId}' does not exist`));
    }
    if (media.error) return answer(media.error.status, graphError(media.error.code, media.error.message));
    const origin = `${url.protocol}//${record.host}`;
    const expires = Math.floor(Date.now() / 1000) + 300;
    answer(200, {
      messaging_product: 'whatsapp',
      url: `${origin}${DOWNLOAD_PATH}?mid=${encodeURIComponent(media.id)}&ext=${expires}&hash=${randomBytes(8).toString('hex')}`,
      mime_type: media.mimeType,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      file_size: media.bytes.length,
      id: media.id,
    });
  }
}

export interface FakeMedia {
  id: string;
  phoneNumberId: string;
  accessToken: string;
  mimeType: string;
  bytes: Uint8Array;
  error?: { status: number; code: number; message: string };
}

/** Where Meta's CDN (lookaside.fbsbx.com) serves a media's bytes. */
const DOWNLOAD_PATH = '/whatsapp_business/attachments/';
/** Where Meta's CDN (scontent.xx.fbcdn.net) serves a Messenger or Instagram attachment. */
const ATTACHMENT_PATH = '/v/t1.15752-9/';

interface StatusTarget {
  baseUrl: string;
  channels: { phoneNumberId: string; displayPhone: string; appSecret: string }[];
  retryMs?: number;
}

function graphError(code: number, message: string) {
  return { error: { message, type: 'OAuthException', code, fbtrace_id: `A${randomBytes(8).toString('hex')}` } };
}

export const newWamid = (): string => `wamid.${randomBytes(24).toString('base64url')}`;
export const newMetaId = (lead = '1'): string => `${lead}${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;
export const newPhone = (): string => `521${Array.from({ length: 10 }, () => randomInt(0, 10)).join('')}`;

// ---- inbound webhooks, in Meta's formats

export function whatsappInbound(options: {
  phoneNumberId: string;
  displayPhone: string;
  from: string;
  name?: string;
  messageId?: string;
  timestamp?: number;
  message?: Record<string, unknown>;
  text?: string;
}) {
  const message = {
    from: options.from,
    id: options.messageId ?? newWamid(),
    timestamp: String(Math.floor((options.timestamp ?? Date.now()) / 1000)),
    ...(options.message ?? { type: 'text', text: { body: options.text ?? 'hola' } }),
  };
  return whatsappEnvelope(options, {
    contacts: [{ profile: { name: options.name ?? 'Cliente' }, wa_id: options.from }],
    messages: [message],
  });
}

export function whatsappStatus(options: {
  phoneNumberId: string;
  displayPhone: string;
  messageId: string;
  status: string;
  recipient: string;
  /** The send's `biz_opaque_callback_data`, which Meta echoes in its statuses. */
  callbackData?: string;
}) {
  const entry: Record<string, unknown> = {
    id: options.messageId,
    status: options.status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: options.recipient,
  };
  if (options.callbackData) entry.biz_opaque_callback_data = options.callbackData;
  if (options.status === 'failed') entry.errors = [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }];
  return whatsappEnvelope(options, { statuses: [entry] });
}

/** The WhatsApp Cloud API's webhook envelope around one change's `messages` or `statuses`. */
export function whatsappEnvelope(channel: { phoneNumberId: string; displayPhone: string }, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '0',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: channel.displayPhone, phone_number_id: channel.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** Messenger (`page`) or Instagram (`instagram`) inbound message. */
export function pageInbound(
  object: 'page' | 'instagram',
  options: { accountId: string; senderId: string; text?: string; mid?: string; message?: Record<string, unknown> },
) {
  const t = Date.now();
  return {
    object,
    entry: [
      {
        id: options.accountId,
        time: t,
        messaging: [
          {
            sender: { id: options.senderId },
            recipient: { id: options.accountId },
            timestamp: t,
            message: {
              mid: options.mid ?? `m_${randomBytes(18).toString('base64url')}`,
              ...(options.message ?? { text: options.text ?? 'hola' }),
            },
          },
        ],
      },
    ],
  };
}

export const hubSignature = (raw: string, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** POSTs a payload to `{baseUrl}/hooks/meta` as Meta does; `appSecret` null sends no signature. */
export async function deliverMetaWebhook(
  baseUrl: string,
  payload: unknown,
  appSecret: string | null,
  signature?: string,
  /** Gives up (throws a TimeoutError) after this long, as Meta does. */
  timeoutMs?: number,
): Promise<{ status: number; body: any }> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const sig = signature ?? (appSecret ? hubSignature(raw, appSecret) : undefined);
  const res = await fetch(`${baseUrl}/hooks/meta`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sig ? { 'x-hub-signature-256': sig } : {}) },
    body: raw,
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text
  }
  return { status: res.status, body };
}
