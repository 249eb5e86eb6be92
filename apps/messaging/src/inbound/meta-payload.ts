/* eslint-disable @typescript-eslint/no-explicit-any -- Meta's payloads are untyped JSON, read defensively field by field. */
import type { ChannelPlatform } from '../channels/channel.entity';
import { asArray } from './meta-content';
import { pageEvent } from './page-payload';
import { whatsappMessage, whatsappStatus } from './whatsapp-payload';

/**
 * Meta's webhook payloads (WhatsApp Cloud API `whatsapp_business_account`, Messenger `page`,
 * Instagram `instagram`) turned into what the messaging core stores. Pure: no I/O. Each
 * platform's events are read in whatsapp-payload.ts and page-payload.ts.
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
  /** A Messenger / Instagram echo: the page sent it to `contact` (a person in Meta's inbox, another app); never starts a turn. */
  echo?: true;
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
      // Handover protocol: a conversation another app (a person in Meta's inbox) owns arrives on
      // `standby`. Stored for the history, never answered: the page's owner of the thread answers it.
      for (const event of asArray(entry?.standby)) {
        for (const item of pageEvent(channel, event)) items.push(item.kind === 'message' ? { ...item, startsTurn: false } : item);
      }
    }
  }
  return items;
}
