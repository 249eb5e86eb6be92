import { domainEvent, type EventData, type TurnRequestedData } from '@platica/contracts';
import { conversationSummary, messageRecord, publicMessageStatus, type ConversationRow, type MessageRow } from './conversation-summary';
import type { MessageStatus } from './message.entity';

/**
 * The domain events messaging records, one builder per type: whatever writes the change (a
 * repository, the batched inbound store), an event of a type is built here (a client's in
 * clients/client-events.ts), typed and parsed by its schema (libs/contracts › events), so its
 * data is the same from every path.
 */

export function conversationCreated(conversation: ConversationRow) {
  return domainEvent('conversation.created', conversation.workspaceId, {
    conversationId: conversation.id,
    conversation: conversationSummary(conversation),
  });
}

export function conversationStatusUpdated(conversation: ConversationRow, previousStatus: ConversationRow['status']) {
  return domainEvent('conversation.status.updated', conversation.workspaceId, {
    conversationId: conversation.id,
    status: conversation.status,
    previousStatus,
    conversation: conversationSummary(conversation),
  });
}

/** Who has the customer changed: a person took the conversation over (or from someone), or handed it back. */
export function conversationOperationUpdated(
  conversation: ConversationRow,
  previousOperation: ConversationRow['operation'],
  changedBy: string | null,
) {
  return domainEvent('conversation.operation.updated', conversation.workspaceId, {
    conversationId: conversation.id,
    operation: conversation.operation,
    previousOperation,
    handledBy: conversation.operation === 'assistance' ? (conversation.operationChangedBy ?? null) : null,
    changedBy,
    conversation: conversationSummary(conversation),
  });
}

/** The conversation's assignee changed: by a person (`changedBy`) or by round-robin (`changedBy` null). */
export function conversationAssigneeUpdated(conversation: ConversationRow, previousAssignee: string | null, changedBy: string | null) {
  return domainEvent('conversation.assignee.updated', conversation.workspaceId, {
    conversationId: conversation.id,
    assignee: conversation.assigneeId ?? null,
    previousAssignee,
    changedBy,
    conversation: conversationSummary(conversation),
  });
}

/** The agent asked for a human (`request_human_assistance`): the conversation is now in `assistance`. */
export function conversationAssistanceRequested(conversation: ConversationRow) {
  return domainEvent('conversation.assistance.requested', conversation.workspaceId, {
    conversationId: conversation.id,
    conversation: conversationSummary(conversation),
  });
}

/** A person read the conversation (their read marker moved): their other tabs clear its unread count. */
export function conversationRead(workspaceId: string, data: EventData<'conversation.read'>) {
  return domainEvent('conversation.read', workspaceId, data);
}

/**
 * A stored message (system messages are internal: the caller records none for them), on a channel of `platform`.
 * `campaignId`: sent messages carry theirs; customers' messages have no key at all.
 */
export function messageCreated(
  workspaceId: string,
  refs: { conversationId: string; clientId: string; channelId: string; platform: string; campaignId?: string | null },
  message: MessageRow,
) {
  return domainEvent('message.created', workspaceId, {
    messageId: message.id,
    conversationId: refs.conversationId,
    clientId: refs.clientId,
    channelId: refs.channelId,
    ...(refs.campaignId !== undefined ? { campaignId: refs.campaignId } : {}),
    message: messageRecord(message, refs.platform, false),
  });
}

/** An outgoing message's status moved (Meta reported it): the stored status is shown as the API shows it. */
export function messageStatusUpdated(
  workspaceId: string,
  data: Omit<EventData<'message.status.updated'>, 'status'> & { status: MessageStatus; platform: string },
) {
  const { platform, status, ...rest } = data;
  return domainEvent('message.status.updated', workspaceId, { ...rest, status: publicMessageStatus(status, platform) });
}

/** The internal `agent.turn.requested` event: messaging asks the agent runtime for a turn of a conversation. */
export function turnRequested(workspaceId: string, data: TurnRequestedData) {
  return domainEvent('agent.turn.requested', workspaceId, data);
}
