/* eslint-disable @typescript-eslint/no-explicit-any -- Meta's payloads are untyped JSON, read defensively field by field. */
import { PLATICA_ECHO_METADATA } from '../graph/graph-payloads';
import type { ChannelRef, InboundItem, InboundStatus } from './meta-payload';
import { asArray, compact, joinLines, reactionOf, renderLocation, unsupported, type Parsed } from './meta-content';

/** Messenger (`page`) and Instagram (`instagram`) messaging events, in the content model of meta-content.ts. */
const PAGE_ATTACHMENTS: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', file: 'file' };

export function pageEvent(channel: ChannelRef, e: any): InboundItem[] {
  if (e?.message?.is_echo) return pageEcho(channel, e);
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
    // A Get Started button pressed from an m.me link or an ad carries where the customer came from.
    const referral = e.postback.referral ? pageReferralOf(e.postback.referral) : null;
    return [
      {
        ...base,
        externalId: String(id),
        content: joinLines(reply.title, referral ? renderPageReferral(referral) : ''),
        contentType: 'text',
        payload: { reply, ...(referral ? { referral } : {}) },
        files: [],
        images: [],
      },
    ];
  }
  if (e.referral) {
    // A customer already in the conversation followed an m.me link, an ad or a chat plugin: stored, no turn of its own.
    const referral = pageReferralOf(e.referral);
    return [
      {
        ...base,
        externalId: `referral:${sender}:${String(e.timestamp)}`,
        content: renderPageReferral(referral),
        contentType: 'referral',
        payload: { referral },
        files: [],
        images: [],
        startsTurn: false,
      },
    ];
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

/**
 * `message.is_echo`: a message the page sent (Meta's inbox, another app, or Plática itself),
 * from the page to the customer (`recipient`). Stored as the page's outgoing message, never
 * answered; Plática's own are dropped here when tagged, otherwise by their mid when stored.
 */
function pageEcho(channel: ChannelRef, e: any): InboundItem[] {
  const msg = e.message;
  const customer = e?.recipient?.id !== undefined ? String(e.recipient.id) : null;
  if (!msg.mid || !customer || customer === channel.externalId || msg.metadata === PLATICA_ECHO_METADATA) return [];
  const appId = msg.app_id !== undefined && msg.app_id !== null ? String(msg.app_id) : null;
  const parsed = pageMessage(msg);
  return [
    {
      kind: 'message',
      channel,
      contact: customer,
      phoneNumber: null,
      profileName: null,
      timestamp: new Date(Number(e.timestamp) || Date.now()),
      files: [],
      images: [],
      ...parsed,
      payload: { ...parsed.payload, echo: { appId } },
      externalId: String(msg.mid),
      startsTurn: false,
      echo: true,
    },
  ];
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
    // Meta spells it `url`, and `URL` in fallback attachments' payloads.
    const url = a?.payload?.url ?? a?.payload?.URL;
    if (type === 'location') {
      const c = a.payload?.coordinates ?? {};
      const location = compact({ latitude: c.lat ?? c.latitude, longitude: c.long ?? c.longitude, name: a.title, url: a.url });
      payload.location = location;
      lines.push(renderLocation(location));
    } else if (type === 'fallback') {
      const link = compact({ title: a.title ?? a.payload?.title, url: a.url ?? a.URL ?? url });
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
      // A template (an echo of the page's own) names its link beside the payload.
      const link = url ?? a?.url;
      lines.push(`[shared ${type.replace(/_/g, ' ')}${link ? `: ${String(link)}` : ''}]`);
      payload.shared = [...((payload.shared as unknown[]) ?? []), compact({ type, url: link })];
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

/** Messenger's `referral` (an m.me link's `ref`, an ad, the chat plugin, a shop), on its own or with a postback. */
function pageReferralOf(r: any): Record<string, unknown> {
  return compact({
    ref: r.ref,
    source: r.source,
    type: r.type,
    adId: r.ad_id,
    refererUri: r.referer_uri,
    headline: r.ads_context_data?.ad_title,
    productId: r.product?.id,
  });
}

function renderPageReferral(r: Record<string, unknown>): string {
  const from = String(r.source ?? 'a link')
    .toLowerCase()
    .replace(/_/g, ' ');
  const details = [
    r.headline ? `"${String(r.headline)}"` : '',
    r.ref ? `ref ${String(r.ref)}` : '',
    r.refererUri ? String(r.refererUri) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `[came from ${from}${details ? `: ${details}` : ''}]`;
}
