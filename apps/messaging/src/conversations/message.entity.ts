import { defineEntity, p } from '@mikro-orm/core';

export type MessageRole = 'user' | 'assistant' | 'system';
/** `sending`: an agent's reply claimed for delivery, not yet confirmed by Graph; never shown. */
export type MessageStatus = 'received' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

/** One message of a conversation, incoming (customer) or outgoing (API, agent, campaign, system). */
const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'message',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    channelId: p.text(),
    /** The canonical conversation id (`conversation.id`). */
    conversationRef: p.text(),
    clientId: p.text(),
    role: p.text().$type<MessageRole>(),
    direction: p.text().$type<'incoming' | 'outgoing'>(),
    content: p.text(),
    contentType: p.text(),
    /** The content as sent or received (media, interactive structure, reply ids, flow token). */
    payload: p.json<Record<string, unknown>>(),
    files: p.json<Record<string, unknown>[]>(),
    images: p.json<Record<string, unknown>[]>(),
    status: p.text().$type<MessageStatus>(),
    /** Meta's message id (`wamid.…`, `m_…`): inbound deliveries are idempotent on it. */
    externalId: p.text().nullable(),
    /** Who sent it: `api`, `user`, `ai`, `campaign`, `system`, or `customer`. */
    actorType: p.text(),
    actorId: p.text().nullable(),
    campaignId: p.text().nullable(),
    error: p.json<Record<string, unknown>>().nullable(),
    /** Meta's timestamp of an incoming message. */
    providerTimestamp: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ properties: ['channelId', 'externalId'], name: 'message_channel_external_id_unique' }],
  indexes: [
    { properties: ['conversationRef', 'createdAt', 'id'], name: 'message_conversation_created_at_index' },
    /** Usage figures recount a range's edges (and the whole range, to check the aggregates) from it. */
    { properties: ['workspaceId', 'createdAt'], name: 'message_workspace_created_at_index' },
  ],
});
export class Message extends MessageSchema.class {}
MessageSchema.setClass(Message);
