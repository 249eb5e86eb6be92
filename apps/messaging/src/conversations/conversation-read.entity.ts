import { defineEntity, p } from '@mikro-orm/core';

/**
 * A person's read marker on a conversation (docs/sending-messages.md › Unread): the conversation's
 * count of customer messages when they last read it. Their unread count is the conversation's
 * `incomingCount` less `readCount`. API keys have none.
 */
const ConversationReadSchema = defineEntity({
  name: 'ConversationRead',
  tableName: 'conversation_read',
  properties: {
    conversationRef: p.text().primary(),
    userId: p.text().primary(),
    workspaceId: p.text(),
    readCount: p.integer(),
    readAt: p.datetime(),
  },
  indexes: [{ properties: ['userId'], name: 'conversation_read_user_index' }],
});
export class ConversationRead extends ConversationReadSchema.class {}
ConversationReadSchema.setClass(ConversationRead);
