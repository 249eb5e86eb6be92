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

export type InboundItem = InboundMessage | InboundStatus | InboundRead;

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
  };
  const context = m.context ? { context: m.context } : {};
  const type = String(m.type ?? 'unknown');
  if (type === 'text') return { ...base, content: String(m.text?.body ?? ''), contentType: 'text', payload: { ...context } };
  if (WHATSAPP_MEDIA[type]) {
    const media = m[type] ?? {};
    const entry = compact({
      mediaId: media.id,
      mimeType: media.mime_type,
      sha256: media.sha256,
      caption: media.caption,
      filename: media.filename,
    });
    const isImage = type === 'image' || type === 'sticker';
    return {
      ...base,
      content: String(media.caption ?? ''),
      contentType: WHATSAPP_MEDIA[type],
      payload: { media: entry, ...context },
      files: isImage ? [] : [{ ...entry, type: WHATSAPP_MEDIA[type] }],
      images: isImage ? [entry] : [],
    };
  }
  if (type === 'interactive') {
    const i = m.interactive ?? {};
    if (i.type === 'button_reply') {
      const reply = { type: 'button', id: String(i.button_reply?.id ?? ''), title: String(i.button_reply?.title ?? '') };
      return { ...base, content: reply.title, contentType: 'text', payload: { reply, ...context } };
    }
    if (i.type === 'list_reply') {
      const reply = compact({
        type: 'list',
        id: String(i.list_reply?.id ?? ''),
        title: String(i.list_reply?.title ?? ''),
        description: i.list_reply?.description,
      });
      return { ...base, content: String(reply.title), contentType: 'text', payload: { reply, ...context } };
    }
    if (i.type === 'nfm_reply') {
      let response: unknown = i.nfm_reply?.response_json;
      try {
        response = typeof response === 'string' ? JSON.parse(response) : response;
      } catch {
        // kept as text
      }
      const flowToken = (response as Record<string, unknown> | null)?.flow_token ?? null;
      return {
        ...base,
        content: String(i.nfm_reply?.body ?? 'Sent'),
        contentType: 'text',
        payload: { reply: { type: 'flow', flowToken, response }, ...context },
      };
    }
  }
  if (type === 'button') {
    const reply = { type: 'quick_reply', payload: m.button?.payload ?? null, title: String(m.button?.text ?? '') };
    return { ...base, content: reply.title, contentType: 'text', payload: { reply, ...context } };
  }
  if (type === 'location') {
    const l = m.location ?? {};
    return {
      ...base,
      content: String(l.name ?? l.address ?? `${l.latitude},${l.longitude}`),
      contentType: 'location',
      payload: { location: l, ...context },
    };
  }
  if (type === 'reaction')
    return { ...base, content: String(m.reaction?.emoji ?? ''), contentType: 'reaction', payload: { reaction: m.reaction ?? null } };
  if (type === 'contacts') {
    const names = asArray(m.contacts)
      .map((c: any) => c?.name?.formatted_name)
      .filter(Boolean);
    return { ...base, content: names.join(', '), contentType: 'contacts', payload: { contacts: m.contacts ?? [] } };
  }
  return { ...base, content: '', contentType: type, payload: { raw: m } };
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
  const base = { kind: 'message' as const, channel, contact: sender, phoneNumber: null, profileName: null, timestamp };
  if (e.message && !e.message.is_echo && e.message.mid) {
    const msg = e.message;
    const attachments = asArray(msg.attachments);
    const images = attachments.filter((a: any) => a?.type === 'image').map((a: any) => compact({ url: a.payload?.url }));
    const files = attachments
      .filter((a: any) => a?.type !== 'image' && a?.payload?.url)
      .map((a: any) => compact({ url: a.payload.url, type: PAGE_ATTACHMENTS[a.type] ?? a.type }));
    const first = attachments[0];
    const contentType = msg.text !== undefined ? 'text' : first ? (PAGE_ATTACHMENTS[first.type] ?? String(first.type)) : 'text';
    const reply = msg.quick_reply
      ? { reply: { type: 'quick_reply', payload: msg.quick_reply.payload ?? null, title: String(msg.text ?? '') } }
      : {};
    return [
      {
        ...base,
        externalId: String(msg.mid),
        content: String(msg.text ?? ''),
        contentType,
        payload: { ...reply, ...(msg.reply_to ? { context: msg.reply_to } : {}) },
        files,
        images,
      },
    ];
  }
  if (e.postback) {
    const id = e.postback.mid ?? `postback:${sender}:${e.timestamp}`;
    const reply = { type: 'postback', payload: e.postback.payload ?? null, title: String(e.postback.title ?? '') };
    return [{ ...base, externalId: String(id), content: reply.title, contentType: 'text', payload: { reply }, files: [], images: [] }];
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
