/* eslint-disable @typescript-eslint/no-explicit-any -- Meta's payloads are untyped JSON, read defensively field by field. */
import type { ChannelRef, InboundMessage, InboundStatus } from './meta-payload';
import {
  asArray,
  compact,
  fromSeconds,
  joinLines,
  reactionOf,
  referralOf,
  renderContact,
  renderLocation,
  renderReferral,
  unsupported,
  type Parsed,
} from './meta-content';

/** WhatsApp Cloud API (`whatsapp_business_account`) messages and statuses, in the content model of meta-content.ts. */
const WHATSAPP_MEDIA: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', document: 'file', sticker: 'sticker' };

export function whatsappMessage(channel: ChannelRef, m: any, names: Map<string, string>): InboundMessage | null {
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
    content: joinLines(renderContext(m), parsed.content, referral ? renderReferral(referral) : ''),
    payload: { ...parsed.payload, ...(referral ? { referral } : {}), ...context },
  };
}

/**
 * What `context` tells the model before the message: a forward, or a reply to an earlier message
 * (not said of button, list and Flow answers, whose context is the message they answer by nature).
 */
function renderContext(m: any): string {
  const context = m.context;
  if (!context || typeof context !== 'object') return '';
  if (context.frequently_forwarded) return '[forwarded many times]';
  if (context.forwarded) return '[forwarded]';
  if (context.id && m.type !== 'interactive' && m.type !== 'button') return '[in reply to an earlier message]';
  return '';
}

function whatsappContent(m: any): Parsed {
  const type = String(m.type ?? 'unknown');
  if (type === 'text') {
    const body = String(m.text?.body ?? '');
    // Nothing to answer: an empty text is shown as such and starts no turn (as on Messenger).
    return body.trim() ? { content: body, contentType: 'text', payload: {} } : unsupported('empty', undefined);
  }
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

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

export function whatsappStatus(channel: ChannelRef, s: any): InboundStatus | null {
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
