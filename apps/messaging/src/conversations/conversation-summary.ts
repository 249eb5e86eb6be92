import type { ConversationState, ConversationStatus, PublicMessageStatus } from '@platica/contracts';
import type { Conversation } from './conversation.entity';
import type { Message, MessageStatus } from './message.entity';

/** The WhatsApp service window (and Meta's standard messaging window on Messenger and Instagram). */
export const SERVICE_WINDOW_MS = 24 * 3_600_000;

/** Whether a free-form message may be sent now: internal chats always; Meta channels within 24 h of the customer's latest message. */
export function canSendDirectMessage(platform: string, lastUserMessageAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (platform === 'service') return true;
  if (!lastUserMessageAt) return false;
  return now - new Date(lastUserMessageAt).getTime() < SERVICE_WINDOW_MS;
}

export type ConversationRow = Omit<Conversation, 'resumeRequestedAt'>;

/** Statuses in which nobody answers any more: the conversation is read-only until reopened. */
export const CLOSED_STATUSES: readonly ConversationStatus[] = ['finished', 'expired', 'spam'];

/**
 * Who has the customer (docs/sending-messages.md › Who answers): closed, the agent, waiting for a
 * person (the agent asked: `operation: assistance` with no one recorded as having taken it), or a
 * person (`operationChangedBy` of an `assistance` conversation). `emails` names people by id.
 */
export function whoAnswers(
  row: Pick<ConversationRow, 'status' | 'operation' | 'operationChangedBy' | 'operationChangedAt' | 'createdAt'>,
  emails: ReadonlyMap<string, string> = new Map(),
): { state: ConversationState; handledBy: { id: string; email?: string } | null; waitingSince: string | null } {
  if (CLOSED_STATUSES.includes(row.status)) return { state: 'closed', handledBy: null, waitingSince: null };
  if (row.operation === 'automatic') return { state: 'ai', handledBy: null, waitingSince: null };
  if (row.operationChangedBy) return { state: 'human', handledBy: operationChangedBy(row.operationChangedBy, emails), waitingSince: null };
  return { state: 'waiting', handledBy: null, waitingSince: new Date(row.operationChangedAt ?? row.createdAt).toISOString() };
}

/**
 * The spec's conversation summary, with who answers, the assignee and the inbox row's signals
 * (additions). `unreadCount`: the asking person's (null for an API key and in events).
 */
export function conversationSummary(
  row: ConversationRow,
  now = Date.now(),
  emails: ReadonlyMap<string, string> = new Map(),
  unreadCount: number | null = null,
) {
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    agentId: row.agentId ?? null,
    source: row.source ?? null,
    canSendDirectMessage: canSendDirectMessage(row.platform, row.lastUserMessageAt, now),
    workspaceId: row.workspaceId,
    channelId: row.channelId,
    contactName: row.contactName ?? null,
    phoneNumber: row.phoneNumber ?? null,
    topic: row.topic ?? null,
    platform: row.platform,
    status: row.status,
    operation: row.operation,
    messageCount: row.messageCount,
    owners: row.owners ?? [],
    tags: row.tags ?? [],
    creationDate: new Date(row.createdAt).toISOString(),
    lastUpdate: new Date(row.updatedAt).toISOString(),
    ...whoAnswers(row, emails),
    assignee: operationChangedBy(row.assigneeId, emails),
    lastMessage: row.lastMessage ?? null,
    failed: row.failure ?? null,
    unreadCount,
  };
}
export type ConversationSummary = ReturnType<typeof conversationSummary>;

export type MessageRow = Pick<
  Message,
  | 'id'
  | 'role'
  | 'content'
  | 'contentType'
  | 'direction'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'files'
  | 'images'
  | 'actorType'
  | 'actorId'
  | 'payload'
  | 'error'
>;

/**
 * A stored status as one of the spec's four (docs/sending-messages.md › Message status). Plática
 * keeps Meta's `sent` (accepted by Meta, not yet confirmed) to rank the statuses Meta reports later;
 * the API shows it as `received` (received for delivery) on Meta's channels, where `delivered` and
 * `read` may follow, and as `delivered` on internal channels, where the reply reaches its reader
 * the moment it is stored and nothing confirms more.
 */
export function publicMessageStatus(status: MessageStatus, platform: string): PublicMessageStatus {
  switch (status) {
    case 'received':
    case 'delivered':
    case 'read':
    case 'failed':
      return status;
    case 'sending':
      return 'received';
    case 'sent':
      return platform === 'service' ? 'delivered' : 'received';
  }
}

/**
 * A message as the conversation detail shows it (`files`, `images`, `lastUpdate`, `owner` there only),
 * on a channel of `platform`. `emails` names the workspace's users, for the `owner` of a message a person sent.
 */
export function messageRecord(row: MessageRow, platform: string, detail = true, emails: ReadonlyMap<string, string> = new Map()) {
  const reply = row.payload?.reply as Record<string, unknown> | undefined;
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    contentType: row.contentType,
    direction: row.direction,
    status: publicMessageStatus(row.status, platform),
    creationDate: new Date(row.createdAt).toISOString(),
    ...(reply ? { reply } : {}),
    ...(row.error ? { error: row.error } : {}),
    ...(detail
      ? {
          files: row.files ?? [],
          images: row.images ?? [],
          lastUpdate: new Date(row.updatedAt).toISOString(),
          owner: row.actorId ? actorRecord(row.actorId, row.actorType, emails) : null,
          // What the agent runtime decided (the guardrail's verdict, a request for a human): visible in the detail.
          ...(row.payload?.guardrail ? { guardrail: row.payload.guardrail as Record<string, unknown> } : {}),
          ...(row.payload?.assistance ? { assistance: row.payload.assistance as Record<string, unknown> } : {}),
          // A person's flag on a customer message (docs/agents.md › Flagging a customer's message).
          ...(row.payload?.supervisorFlag ? { flag: row.payload.supervisorFlag as Record<string, unknown> } : {}),
        }
      : {}),
  };
}

/** Who did something: its id and actor type, with the email of a person who is a user of the workspace. */
function actorRecord(id: string, type: string, emails: ReadonlyMap<string, string>) {
  const email = type === 'user' ? emails.get(id) : undefined;
  return { id, type, ...(email ? { email } : {}) };
}

/** Who last switched a conversation's `operation`: a user's id (with their email when known) or an API key's. */
export function operationChangedBy(
  id: string | null | undefined,
  emails: ReadonlyMap<string, string>,
): { id: string; email?: string } | null {
  if (!id) return null;
  const email = emails.get(id);
  return { id, ...(email ? { email } : {}) };
}
