import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { recordEvent, RpcClient, type Transaction } from '@platica/platform';
import type { Conversation } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';
import { conversationOperationUpdated } from './domain-events';
import { workspacePeople } from './workspace-people';

/** Who has the customer after a change: a person (or an API key) by id, or the agent. */
export type OperationChange =
  { operation: 'assistance'; actorId: string; takeFrom?: string } | { operation: 'automatic'; actorId: string | null };

/**
 * One owner of the customer at a time (docs/sending-messages.md › Who answers), as a pure rule:
 * the changes a takeover or a hand-back makes, `null` when nothing changes, or `{ taken }` naming
 * the person who has the conversation when another one asks for it without `takeFrom` naming them.
 */
export function operationChange(
  conversation: Pick<Conversation, 'operation' | 'operationChangedBy'>,
  change: OperationChange,
  now = new Date(),
): Partial<Conversation> | { taken: string } | null {
  if (change.operation === 'automatic') {
    if (conversation.operation === 'automatic') return null;
    return { operation: 'automatic', operationChangedBy: change.actorId, operationChangedAt: now };
  }
  const holder = conversation.operation === 'assistance' ? (conversation.operationChangedBy ?? null) : null;
  if (holder === change.actorId) return null;
  if (holder !== null && change.takeFrom !== holder) return { taken: holder };
  return { operation: 'assistance', operationChangedBy: change.actorId, operationChangedAt: now };
}

/**
 * Applies takeovers and hand-backs: `PATCH /v1/conversations/{id}` with `operation`, and a
 * person's message (send-message.service.ts), which takes the conversation over before it goes
 * out. Each change records `conversation.operation.updated`, which the console's open tabs follow.
 */
@Injectable()
export class Takeovers {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * In `transaction`, with `conversation` read for update: the change applied and its event
   * recorded; true when something changed. Another person's conversation is refused (409
   * `conversation_taken`, `details.handledBy` naming them) unless `takeFrom` names them.
   */
  async apply(transaction: Transaction, conversation: Conversation, change: OperationChange): Promise<boolean> {
    const changes = operationChange(conversation, change);
    if (changes === null) return false;
    if ('taken' in changes) throw await this.taken(conversation.workspaceId, changes.taken);
    const previousOperation = conversation.operation;
    await this.conversations.update(transaction, conversation, changes);
    await recordEvent(transaction, 'messaging', conversationOperationUpdated(conversation, previousOperation, change.actorId));
    return true;
  }

  private async taken(workspaceId: string, holder: string): Promise<DomainError> {
    const email = holder.startsWith('key:') ? undefined : await this.emailOf(workspaceId, holder);
    const who = email ?? (holder.startsWith('key:') ? `API key ${holder.slice(4)}` : holder);
    return DomainError.refused(
      ErrorCode.Conflict,
      DomainReason.ConversationTaken,
      `${who} has this conversation: take it from them (takeFrom: "${holder}") or leave it to them`,
      { handledBy: { id: holder, ...(email ? { email } : {}) } },
    );
  }

  private async emailOf(workspaceId: string, userId: string): Promise<string | undefined> {
    try {
      return (await workspacePeople(this.rpc, workspaceId)).find((u) => u.id === userId)?.email;
    } catch {
      return undefined;
    }
  }
}
