import { defineEntity, p } from '@mikro-orm/core';

export type ChannelPlatform = 'whatsapp' | 'instagram' | 'facebook' | 'service';

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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'naturalKey'], name: 'channel_workspace_natural_key_unique' }],
});
export class Channel extends ChannelSchema.class {}
ChannelSchema.setClass(Channel);
