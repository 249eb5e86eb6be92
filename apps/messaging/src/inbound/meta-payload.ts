/* eslint-disable @typescript-eslint/no-explicit-any -- Meta's payloads are untyped JSON, read defensively field by field. */
import type { ChannelPlatform } from '../channels/channel.entity';

/**
 * Meta's webhook payloads (WhatsApp Cloud API `whatsapp_business_account`, Messenger `page`,
 * Instagram `instagram`) turned into what the messaging core stores. Pure: no I/O.
 */
export interface ChannelRef {
  id: string;
  workspaceId: string;
  platform: ChannelPlatform;
  externalId: string | null;
}

export interface InboundMessage {
  kind: 'message';
  channel: ChannelRef;
  /** The customer's id on the channel: phone number (WhatsApp), PSID or IGSID. */
  contact: string;
  phoneNumber: string | null;
  profileName: string | null;
  externalId: string;
  timestamp: Date;
  content: string;
  contentType: string;
  payload: Record<string, unknown>;
  files: Record<string, unknown>[];
  images: Record<string, unknown>[];
  /** False for what the customer did not write to be answered (reactions, system notices, types Plática cannot show). */
  startsTurn: boolean;
}

/** Instagram's unsend: the customer deleted a message they had sent. */
export interface InboundUnsend {
  kind: 'unsend';
  channel: ChannelRef;
  externalId: string;
}

export interface InboundStatus {
  kind: 'status';
  channel: ChannelRef;
  externalId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: Date;
  error: Record<string, unknown> | null;
  /** What the send carried as `biz_opaque_callback_data` (a scheduled send's id). */
  callbackData: string | null;
}

/** Messenger / Instagram `read`: every outgoing message up to the watermark has been read. */
export interface InboundRead {
  kind: 'read';
  channel: ChannelRef;
  contact: string;
  watermark: Date;
}

export type InboundItem = InboundMessage | InboundStatus | InboundRead | InboundUnsend;

export const META_OBJECTS: Record<string, ChannelPlatform> = {
  whatsapp_business_account: 'whatsapp',
  page: 'facebook',
  instagram: 'instagram',
};

/** The ids Meta addresses channels by in this payload (phone number ids, or page / Instagram account ids). */
export function addressedChannels(payload: any): { platform: ChannelPlatform; externalIds: string[] } | null {
  const platform = META_OBJECTS[payload?.object as string];
  if (!platform || !Array.isArray(payload.entry)) return null;
  const ids = new Set<string>();
  for (const entry of payload.entry) {
    if (platform === 'whatsapp') {
      for (const change of asArray(entry?.changes)) {
        const id = change?.value?.metadata?.phone_number_id;
        if (id !== undefined && id !== null) ids.add(String(id));
      }
    } else if (entry?.id !== undefined && entry?.id !== null) {
      ids.add(String(entry.id));
    }
  }
  return { platform, externalIds: [...ids] };
}

/** Every message, status and read receipt of the payload addressed to one of `channels` (by external id). */
export function parseMetaPayload(payload: any, channels: Map<string, ChannelRef>): InboundItem[] {
  const platform = META_OBJECTS[payload?.object as string];
  if (!platform) return [];
  const items: InboundItem[] = [];
  for (const entry of asArray(payload.entry)) {
    if (platform === 'whatsapp') {
      for (const change of asArray(entry?.changes)) {
        if (change?.field !== 'messages') continue;
        const value = change.value ?? {};
        const channel = channels.get(String(value.metadata?.phone_number_id));
        if (!channel) continue;
        const names = new Map<string, string>();
        for (const contact of asArray(value.contacts)) {
          if (contact?.wa_id && contact?.profile?.name) names.set(String(contact.wa_id), String(contact.profile.name));
        }
        for (const message of asArray(value.messages)) {
          const parsed = whatsappMessage(channel, message, names);
          if (parsed) items.push(parsed);
        }
        for (const status of asArray(value.statuses)) {
          const parsed = whatsappStatus(channel, status);
          if (parsed) items.push(parsed);
        }
      }
    } else {
      const channel = channels.get(String(entry?.id));
      if (!channel) continue;
      for (const event of asArray(entry?.messaging)) items.push(...pageEvent(channel, event));
    }
  }
  return items;
}

/**
 * One content model for every incoming message: `payload` keeps what Meta sent that a human or
 * the agent needs, structured per type (`reply`, `media`, `location`, `contacts`, `order`,
 * `reaction`, `system`, `referral`, `link`, `unsupported`); `content` is its text rendering,
 * the one the model reads and the message's `content` (docs/receiving-from-meta.md).
 * A type Plática cannot render is stored with a bracketed placeholder and starts no turn.
 */
const WHATSAPP_MEDIA: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', document: 'file', sticker: 'sticker' };

function whatsappMessage(channel: ChannelRef, m: any, names: Map<string, string>): InboundMessage | null {
  if (!m?.id || !m?.from) return null;
  const from = String(m.from).replace(/^\+/, '');
  const base = {
    kind: 'message' as const,
    channel,
    contact: from,
    phoneNumber: from,
    profileName: names.get(from) ?? null,
    externalId: String(m.id),
    timestamp: fromSeconds(m.timestamp),
    files: [] as Record<string, unknown>[],
    images: [] as Record<string, unknown>[],
    startsTurn: true,
  };
  const parsed = whatsappContent(m);
  const referral = m.referral ? referralOf(m.referral) : null;
  const context = m.context ? { context: m.context } : {};
  return {
    ...base,
    ...parsed,
    content: referral ? joinLines(parsed.content, renderReferral(referral)) : parsed.content,
    payload: { ...parsed.payload, ...(referral ? { referral } : {}), ...context },
  };
}

type Parsed = Pick<InboundMessage, 'content' | 'contentType' | 'payload'> &
  Partial<Pick<InboundMessage, 'files' | 'images' | 'startsTurn'>>;

function whatsappContent(m: any): Parsed {
  const type = String(m.type ?? 'unknown');
  if (type === 'text') return { content: String(m.text?.body ?? ''), contentType: 'text', payload: {} };
  if (WHATSAPP_MEDIA[type]) return whatsappMedia(type, m[type] ?? {});
  if (type === 'interactive') return whatsappInteractive(m.interactive ?? {});
  if (type === 'button') {
    const reply = { type: 'quick_reply', payload: m.button?.payload ?? null, title: String(m.button?.text ?? '') };
    return { content: reply.title, contentType: 'text', payload: { reply } };
  }
  if (type === 'location') {
    const l = m.location ?? {};
    const location = compact({ latitude: l.latitude, longitude: l.longitude, name: l.name, address: l.address, url: l.url });
    return { content: renderLocation(location), contentType: 'location', payload: { location } };
  }
  if (type === 'reaction') return reactionOf(m.reaction?.message_id, m.reaction?.emoji);
  if (type === 'contacts') {
    const contacts = asArray(m.contacts);
    return { content: `[contacts: ${contacts.map(renderContact).join('; ')}]`, contentType: 'contacts', payload: { contacts } };
  }
  if (type === 'order') return whatsappOrder(m.order ?? {});
  if (type === 'system') {
    const s = m.system ?? {};
    const system = compact({
      type: s.type,
      body: s.body,
      waId: s.wa_id ?? s.new_wa_id,
      identity: s.identity ?? m.identity,
      customer: s.customer,
    });
    const body = String(s.body ?? '').trim() || `${String(s.type ?? 'system')} notice`;
    return { content: `[system: ${body}]`, contentType: 'system', payload: { system }, startsTurn: false };
  }
  return unsupported(type === 'unsupported' ? String(m.unsupported?.type ?? 'unknown') : type, m.errors);
}

function whatsappMedia(type: string, media: any): Parsed {
  const entry = compact({
    mediaId: media.id,
    url: media.url,
    mimeType: media.mime_type,
    sha256: media.sha256,
    caption: media.caption,
    filename: media.filename,
    voice: media.voice,
    animated: media.animated,
  });
  const kind = WHATSAPP_MEDIA[type]!;
  const isImage = type === 'image' || type === 'sticker';
  const label =
    type === 'audio' && media.voice
      ? 'voice message'
      : type === 'sticker' && media.animated
        ? 'animated sticker'
        : type === 'document'
          ? `document${media.filename ? `: ${media.filename}` : ''}`
          : type;
  return {
    content: joinLines(`[${label}]`, media.caption ? String(media.caption) : ''),
    contentType: kind,
    payload: { media: entry },
    files: isImage ? [] : [{ ...entry, type: kind }],
    images: isImage ? [entry] : [],
  };
}

function whatsappInteractive(i: any): Parsed {
  if (i.type === 'button_reply') {
    const reply = { type: 'button', id: String(i.button_reply?.id ?? ''), title: String(i.button_reply?.title ?? '') };
    return { content: reply.title, contentType: 'text', payload: { reply } };
  }
  if (i.type === 'list_reply') {
    const reply = compact({
      type: 'list',
      id: String(i.list_reply?.id ?? ''),
      title: String(i.list_reply?.title ?? ''),
      description: i.list_reply?.description,
    });
    return { content: String(reply.title), contentType: 'text', payload: { reply } };
  }
  if (i.type === 'nfm_reply') {
    let response: unknown = i.nfm_reply?.response_json;
    try {
      response = typeof response === 'string' ? JSON.parse(response) : response;
    } catch {
      // kept as text
    }
    const answers = response && typeof response === 'object' ? (response as Record<string, unknown>) : null;
    const flowToken = answers?.flow_token ?? null;
    const fields = answers
      ? Object.entries(answers)
          .filter(([key]) => key !== 'flow_token')
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      : [String(response ?? '')];
    return {
      content: `[form answers]\n${fields.join('\n')}`,
      contentType: 'text',
      payload: { reply: { type: 'flow', flowToken, response } },
    };
  }
  return unsupported(`interactive${i.type ? ` ${String(i.type)}` : ''}`, undefined);
}

function whatsappOrder(o: any): Parsed {
  const items = asArray(o.product_items).map((p: any) =>
    compact({ productId: p?.product_retailer_id, quantity: p?.quantity, itemPrice: p?.item_price, currency: p?.currency }),
  );
  const order = compact({ catalogId: o.catalog_id, text: o.text || undefined, items });
  const totals = new Map<string, number>();
  for (const item of items) {
    const subtotal = Number(item.quantity) * Number(item.itemPrice);
    if (Number.isFinite(subtotal)) totals.set(String(item.currency ?? ''), (totals.get(String(item.currency ?? '')) ?? 0) + subtotal);
  }
  const lines = items.map((item) =>
    `- ${String(item.quantity)} × ${String(item.productId)} at ${String(item.itemPrice)} ${String(item.currency ?? '')}`.trimEnd(),
  );
  const total = [...totals].map(([currency, sum]) => `${sum} ${currency}`.trim()).join(' + ');
  return {
    content: joinLines(
      `[order from catalog ${String(o.catalog_id ?? '?')}]`,
      ...lines,
      total ? `Total: ${total}` : '',
      o.text ? String(o.text) : '',
    ),
    contentType: 'order',
    payload: { order },
  };
}

/** WhatsApp and Messenger reactions alike: stored in the conversation, an un-react named; the agent reads them with the next message. */
function reactionOf(messageId: unknown, emoji: unknown): Parsed {
  const reacted = typeof emoji === 'string' && emoji !== '';
  const reaction = compact({
    messageId: messageId ?? undefined,
    emoji: reacted ? emoji : undefined,
    action: reacted ? 'react' : 'unreact',
  });
  return {
    content: reacted ? `[reacted ${String(emoji)} to a message]` : '[removed a reaction]',
    contentType: 'reaction',
    payload: { reaction },
    startsTurn: false,
  };
}

function unsupported(type: string, errors: unknown): Parsed {
  const first = asArray(errors)[0];
  const unsupportedInfo = compact({ type, code: first?.code, details: first?.error_data?.details ?? first?.message });
  return {
    content: `[a ${type} message Plática cannot show]`,
    contentType: 'unsupported',
    payload: { unsupported: unsupportedInfo },
    startsTurn: false,
  };
}

function referralOf(r: any): Record<string, unknown> {
  return compact({
    headline: r.headline,
    body: r.body,
    sourceType: r.source_type,
    sourceId: r.source_id,
    sourceUrl: r.source_url,
    mediaType: r.media_type,
    imageUrl: r.image_url,
    videoUrl: r.video_url,
    ctwaClid: r.ctwa_clid,
  });
}

function renderReferral(r: Record<string, unknown>): string {
  const what = [r.headline, r.body].filter(Boolean).map(String).join(': ');
  return `[came from ${String(r.sourceType ?? 'an ad')}${what ? ` "${what}"` : ''}${r.sourceUrl ? ` ${String(r.sourceUrl)}` : ''}]`;
}

function renderLocation(l: Record<string, unknown>): string {
  const place = [l.name, l.address].filter(Boolean).map(String).join(', ');
  const coordinates = l.latitude !== undefined && l.longitude !== undefined ? `(${String(l.latitude)}, ${String(l.longitude)})` : '';
  return `[location: ${[place, coordinates, l.url ? String(l.url) : ''].filter(Boolean).join(' ')}]`;
}

function renderContact(c: any): string {
  const name = String(c?.name?.formatted_name ?? ([c?.name?.first_name, c?.name?.last_name].filter(Boolean).join(' ') || 'unnamed'));
  const phones = asArray(c?.phones).map(
    (p: any) => `${String(p?.phone ?? p?.wa_id ?? '')}${p?.type ? ` ${String(p.type).toLowerCase()}` : ''}`,
  );
  const emails = asArray(c?.emails).map((e: any) => String(e?.email ?? ''));
  const details = [...phones, ...emails].filter(Boolean);
  return details.length ? `${name} (${details.join(', ')})` : name;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function whatsappStatus(channel: ChannelRef, s: any): InboundStatus | null {
  if (!s?.id || !STATUSES.has(s.status)) return null;
  const first = asArray(s.errors)[0];
  return {
    kind: 'status',
    channel,
    externalId: String(s.id),
    status: s.status,
    timestamp: fromSeconds(s.timestamp),
    error:
      s.status === 'failed'
        ? compact({ code: first?.code, title: first?.title, message: first?.message, details: first?.error_data?.details })
        : null,
    callbackData: typeof s.biz_opaque_callback_data === 'string' ? s.biz_opaque_callback_data : null,
  };
}

const PAGE_ATTACHMENTS: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', file: 'file' };

function pageEvent(channel: ChannelRef, e: any): InboundItem[] {
  const sender = e?.sender?.id !== undefined ? String(e.sender.id) : null;
  if (!sender || sender === channel.externalId) return [];
  const timestamp = new Date(Number(e.timestamp) || Date.now());
  const base = { kind: 'message' as const, channel, contact: sender, phoneNumber: null, profileName: null, timestamp, startsTurn: true };
  if (e.message?.mid && e.message.is_deleted) return [{ kind: 'unsend', channel, externalId: String(e.message.mid) }];
  if (e.message && !e.message.is_echo && e.message.mid) {
    const msg = e.message;
    const parsed = pageMessage(msg);
    return [{ ...base, files: [], images: [], ...parsed, externalId: String(msg.mid) }];
  }
  if (e.postback) {
    const id = e.postback.mid ?? `postback:${sender}:${e.timestamp}`;
    const reply = { type: 'postback', payload: e.postback.payload ?? null, title: String(e.postback.title ?? '') };
    return [{ ...base, externalId: String(id), content: reply.title, contentType: 'text', payload: { reply }, files: [], images: [] }];
  }
  if (e.reaction?.mid) {
    const r = e.reaction;
    const parsed = reactionOf(r.mid, r.action === 'unreact' ? '' : (r.emoji ?? r.reaction));
    // Meta gives a reaction no id of its own: one per reacted message, sender and instant.
    return [{ ...base, files: [], images: [], ...parsed, externalId: `reaction:${String(r.mid)}:${sender}:${String(e.timestamp)}` }];
  }
  if (e.delivery) {
    return asArray(e.delivery.mids).map(
      (mid: unknown) =>
        ({ kind: 'status', channel, externalId: String(mid), status: 'delivered', timestamp, error: null }) as InboundStatus,
    );
  }
  if (e.read?.watermark !== undefined) return [{ kind: 'read', channel, contact: sender, watermark: new Date(Number(e.read.watermark)) }];
  return [];
}

/** A Messenger / Instagram message: text, quick reply, attachments (media, location, shared links), reply context. */
function pageMessage(msg: any): Parsed {
  const attachments = asArray(msg.attachments);
  const images: Record<string, unknown>[] = [];
  const files: Record<string, unknown>[] = [];
  const lines: string[] = [];
  const payload: Record<string, unknown> = {};
  for (const a of attachments) {
    const type = String(a?.type ?? 'unknown');
    const url = a?.payload?.url;
    if (type === 'location') {
      const c = a.payload?.coordinates ?? {};
      const location = compact({ latitude: c.lat ?? c.latitude, longitude: c.long ?? c.longitude, name: a.title, url: a.url });
      payload.location = location;
      lines.push(renderLocation(location));
    } else if (type === 'fallback') {
      const link = compact({ title: a.title ?? a.payload?.title, url: a.url ?? url });
      payload.link = link;
      lines.push(`[link: ${[link.title, link.url].filter(Boolean).map(String).join(' ')}]`);
    } else if (type === 'image' && url) {
      images.push(compact({ url }));
      lines.push('[image]');
    } else if (PAGE_ATTACHMENTS[type] && url) {
      files.push({ url, type: PAGE_ATTACHMENTS[type] });
      lines.push(`[${PAGE_ATTACHMENTS[type] === 'file' ? 'document' : PAGE_ATTACHMENTS[type]}]`);
    } else {
      // Instagram shares, story mentions, reels and the like: named, with their link when they have one.
      lines.push(`[shared ${type.replace(/_/g, ' ')}${url ? `: ${String(url)}` : ''}]`);
      payload.shared = [...((payload.shared as unknown[]) ?? []), compact({ type, url })];
    }
  }
  const first = attachments[0];
  const contentType =
    msg.text !== undefined || !first
      ? 'text'
      : first.type === 'location'
        ? 'location'
        : first.type === 'fallback'
          ? 'link'
          : (PAGE_ATTACHMENTS[first.type] ?? 'text');
  if (msg.quick_reply) payload.reply = { type: 'quick_reply', payload: msg.quick_reply.payload ?? null, title: String(msg.text ?? '') };
  if (msg.reply_to) payload.context = msg.reply_to;
  const content = joinLines(...lines, msg.text !== undefined ? String(msg.text) : '');
  if (!content) return { ...unsupported('empty', undefined), files, images };
  return { content, contentType, payload, files, images };
}

function joinLines(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('\n');
}

function fromSeconds(value: unknown): Date {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

function asArray(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}

function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));
}
