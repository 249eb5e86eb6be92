import { defineEntity, p } from '@mikro-orm/core';

export type ChannelPlatform = 'whatsapp' | 'instagram' | 'facebook' | 'service';

/** A channel's Meta credentials, each sealed with PLATICA_ENCRYPTION_KEY (`SecretBox`). */
export interface SealedChannelSecrets {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** A channel the workspace talks through: a WhatsApp number, an Instagram or Messenger page, or the internal chat channel. */
const ChannelSchema = defineEntity({
  name: 'Channel',
  tableName: 'channel',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    platform: p.text().$type<ChannelPlatform>(),
    name: p.text(),
    /** What identifies the channel in its platform: phone number, page id, or `internal`. */
    naturalKey: p.text(),
    /** The id Meta addresses the channel by: the phone number id (WhatsApp) or the page / Instagram account id. */
    externalId: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    wabaId: p.text().nullable(),
    secrets: p.json<SealedChannelSecrets>().nullable(),
    /** SHA-256 of the verify token, so `GET /hooks/meta` finds the channel without decrypting every row. */
    verifyTokenHash: p.text().nullable(),
    defaultAgentId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'naturalKey'], name: 'channel_workspace_natural_key_unique' }],
  indexes: [
    { properties: ['platform', 'externalId'], name: 'channel_platform_external_id_index' },
    { properties: ['verifyTokenHash'], name: 'channel_verify_token_hash_index' },
  ],
});
export class Channel extends ChannelSchema.class {}
ChannelSchema.setClass(Channel);
