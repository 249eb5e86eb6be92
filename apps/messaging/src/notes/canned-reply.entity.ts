import { defineEntity, p } from '@mikro-orm/core';

/** A workspace's canned reply (docs/sending-messages.md › Canned replies): a shortcut, lowercase and unique in its workspace, and its text. */
const CannedReplySchema = defineEntity({
  name: 'CannedReply',
  tableName: 'canned_reply',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    shortcut: p.text(),
    /** With variables (`{{contact.firstname}}`…) the console fills in from the conversation. */
    text: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ properties: ['workspaceId', 'shortcut'], name: 'canned_reply_workspace_shortcut_unique' }],
});
export class CannedReply extends CannedReplySchema.class {}
CannedReplySchema.setClass(CannedReply);
