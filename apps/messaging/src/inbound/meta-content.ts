/* eslint-disable @typescript-eslint/no-explicit-any -- Meta's payloads are untyped JSON, read defensively field by field. */
import type { InboundMessage } from './meta-payload';

/**
 * One content model for every incoming message: `payload` keeps what Meta sent that a human or
 * the agent needs, structured per type (`reply`, `media`, `location`, `contacts`, `order`,
 * `reaction`, `system`, `referral`, `link`, `unsupported`); `content` is its text rendering,
 * the one the model reads and the message's `content` (docs/receiving-from-meta.md).
 * A type Plática cannot render is stored with a bracketed placeholder and starts no turn.
 */
export type Parsed = Pick<InboundMessage, 'content' | 'contentType' | 'payload'> &
  Partial<Pick<InboundMessage, 'files' | 'images' | 'startsTurn'>>;

/** WhatsApp and Messenger reactions alike: stored in the conversation, an un-react named; the agent reads them with the next message. */
export function reactionOf(messageId: unknown, emoji: unknown): Parsed {
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

export function unsupported(type: string, errors: unknown): Parsed {
  const first = asArray(errors)[0];
  const unsupportedInfo = compact({ type, code: first?.code, details: first?.error_data?.details ?? first?.message });
  return {
    content: `[a ${type} message Plática cannot show]`,
    contentType: 'unsupported',
    payload: { unsupported: unsupportedInfo },
    startsTurn: false,
  };
}

export function referralOf(r: any): Record<string, unknown> {
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

export function renderReferral(r: Record<string, unknown>): string {
  const what = [r.headline, r.body].filter(Boolean).map(String).join(': ');
  return `[came from ${String(r.sourceType ?? 'an ad')}${what ? ` "${what}"` : ''}${r.sourceUrl ? ` ${String(r.sourceUrl)}` : ''}]`;
}

export function renderLocation(l: Record<string, unknown>): string {
  const place = [l.name, l.address].filter(Boolean).map(String).join(', ');
  const coordinates = l.latitude !== undefined && l.longitude !== undefined ? `(${String(l.latitude)}, ${String(l.longitude)})` : '';
  return `[location: ${[place, coordinates, l.url ? String(l.url) : ''].filter(Boolean).join(' ')}]`;
}

export function renderContact(c: any): string {
  const name = String(c?.name?.formatted_name ?? ([c?.name?.first_name, c?.name?.last_name].filter(Boolean).join(' ') || 'unnamed'));
  const phones = asArray(c?.phones).map(
    (p: any) => `${String(p?.phone ?? p?.wa_id ?? '')}${p?.type ? ` ${String(p.type).toLowerCase()}` : ''}`,
  );
  const emails = asArray(c?.emails).map((e: any) => String(e?.email ?? ''));
  const details = [...phones, ...emails].filter(Boolean);
  return details.length ? `${name} (${details.join(', ')})` : name;
}

export function joinLines(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('\n');
}

export function fromSeconds(value: unknown): Date {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

export function asArray(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}

export function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));
}
