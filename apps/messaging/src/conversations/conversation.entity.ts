import { defineEntity, p } from '@mikro-orm/core';
import type { ConversationFailure, ConversationLastMessage, ConversationStatus } from '@platica/contracts';

/**
 * A conversation: one per channel and contact (`conversationId` is the customer's phone, PSID
 * or IGSID, or a chat's `chat_*` id). A finished conversation reopens when the customer writes.
 */
const ConversationSchema = defineEntity({
  name: 'Conversation',
  tableName: 'conversation',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    channelId: p.text(),
    platform: p.text(),
    conversationId: p.text(),
    clientId: p.text(),
    agentId: p.text().nullable(),
    source: p.text().nullable(),
    contactName: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    topic: p.text().nullable(),
    status: p.text().$type<ConversationStatus>(),
    operation: p.text().$type<'automatic' | 'assistance'>(),
    /**
     * Who last switched `operation` (a human taking over with `assistance`, or handing back with
     * `automatic`): the user's id for an OAuth user, `key:<id>` for an API key; null while the
     * agent's request for a person waits for one (`operationChangedAt` is then when it asked).
     * It makes the `state` and `handledBy` additions (conversation-summary.ts › whoAnswers).
     */
    operationChangedBy: p.text().nullable(),
    operationChangedAt: p.datetime().nullable(),
    /** The workspace user the conversation is assigned to (docs/sending-messages.md › Assignment); null: unassigned. */
    assigneeId: p.text().nullable(),
    messageCount: p.integer(),
    owners: p.json<string[]>(),
    tags: p.json<string[]>(),
    /** Meta's timestamp of the customer's latest message: the service window runs 24 h from it. */
    lastUserMessageAt: p.datetime().nullable(),
    /** A `resume` instruction not yet acted on by the agent runtime (issue 7). */
    resumeRequestedAt: p.datetime().nullable(),
    /**
     * The inbox row's signals (docs/sending-messages.md › Listing conversations), kept by the
     * `conversation_row_signals` triggers on `message` (migration row_signals) whatever path writes
     * a message: the latest shown message and its time, the failure of the latest send or turn,
     * and how many customer messages there are (a person's unread count is this less their marker's).
     */
    lastMessage: p.json<ConversationLastMessage>().nullable(),
    lastMessageAt: p.datetime().nullable(),
    failure: p.json<ConversationFailure>().nullable(),
    incomingCount: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ properties: ['channelId', 'conversationId'], name: 'conversation_channel_conversation_id_unique' }],
  indexes: [
    { properties: ['workspaceId', 'updatedAt', 'id'], name: 'conversation_workspace_updated_at_index' },
    { properties: ['workspaceId', 'createdAt', 'id'], name: 'conversation_workspace_created_at_index' },
    { properties: ['clientId'], name: 'conversation_client_id_index' },
    { properties: ['workspaceId', 'assigneeId'], name: 'conversation_workspace_assignee_index' },
  ],
});
export class Conversation extends ConversationSchema.class {}
ConversationSchema.setClass(Conversation);
