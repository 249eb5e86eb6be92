import { Injectable } from '@nestjs/common';
import type { AssignmentMode } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { recordEvent, RpcClient, type Transaction } from '@platica/platform';
import { AssignmentSettingRepository, type AssignmentState } from './assignment-setting.repository';
import type { Conversation } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';
import { conversationAssigneeUpdated } from './domain-events';
import { workspacePeople, type Person } from './workspace-people';

/**
 * Round-robin (docs/sending-messages.md › Assignment): the next of the people available after the
 * one assigned last, in a stable order (their ids); the first when nobody was assigned yet; null
 * when nobody is available.
 */
export function nextInRotation(available: readonly string[], lastAssignee: string | null): string | null {
  const order = [...new Set(available)].sort();
  if (order.length === 0) return null;
  if (lastAssignee === null) return order[0]!;
  return order.find((id) => id > lastAssignee) ?? order[0]!;
}

/**
 * A conversation's assignee: set by a person (`PATCH /v1/conversations/{id}` with `assignee`), or
 * by round-robin when the agent asks for a person and the workspace's mode is `round_robin`. Each
 * change records `conversation.assignee.updated`.
 */
@Injectable()
export class Assignments {
  constructor(
    private readonly settingsOf: AssignmentSettingRepository,
    private readonly conversations: ConversationRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** In `transaction`, with `conversation` read for update: assigns it (null unassigns) and records the event; false when unchanged. */
  async assign(
    transaction: Transaction,
    conversation: Conversation,
    assigneeId: string | null,
    changedBy: string | null,
  ): Promise<boolean> {
    const previous = conversation.assigneeId ?? null;
    if (previous === assigneeId) return false;
    await this.conversations.update(transaction, conversation, { assigneeId });
    await recordEvent(transaction, 'messaging', conversationAssigneeUpdated(conversation, previous, changedBy));
    return true;
  }

  /**
   * The agent asked for a person: an unassigned conversation of a `round_robin` workspace goes to
   * the next available person who is still one of its users. The setting's row is locked, so two
   * requests at once assign two people in turn.
   */
  async assignByRotation(transaction: Transaction, conversation: Conversation): Promise<void> {
    if (conversation.assigneeId) return;
    const setting = await this.settingsOf.lockIfRoundRobin(transaction, conversation.workspaceId);
    if (!setting || setting.available.length === 0) return;
    const users = new Set((await this.people(conversation.workspaceId)).map((u) => u.id));
    const next = nextInRotation(
      setting.available.filter((id) => users.has(id)),
      setting.lastAssignee ?? null,
    );
    if (!next) return;
    await this.settingsOf.change(transaction, conversation.workspaceId, () => ({ lastAssignee: next }));
    await this.assign(transaction, conversation, next, null);
  }

  /** The workspace's setting, its available people named by email. */
  async settings(workspaceId: string, transaction?: Transaction) {
    return present(await this.settingsOf.find(workspaceId, transaction), await this.people(workspaceId));
  }

  /** Changes the mode (`admin` people and API keys) and the caller's own availability (a signed-in person only). */
  async update(
    transaction: Transaction,
    workspaceId: string,
    caller: { userId: string | null; isUser: boolean },
    body: { mode?: AssignmentMode; available?: boolean },
  ) {
    const people = await this.people(workspaceId);
    const me = caller.isUser && caller.userId ? people.find((u) => u.id === caller.userId) : undefined;
    if (body.available !== undefined && !me) {
      throw DomainError.validation([{ path: ['available'], message: 'is set by a signed-in person of the workspace, for themselves' }]);
    }
    if (body.mode !== undefined && caller.isUser && me?.role !== 'admin') {
      throw new DomainError(ErrorCode.Forbidden, 'Setting the assignment mode needs the admin role', {
        requiredRole: 'admin',
        field: 'mode',
      });
    }
    const setting = await this.settingsOf.change(transaction, workspaceId, (current) => ({
      ...(body.mode !== undefined ? { mode: body.mode } : {}),
      ...(body.available !== undefined && me
        ? { available: [...current.available.filter((id) => id !== me.id), ...(body.available ? [me.id] : [])] }
        : {}),
    }));
    return present(setting, people);
  }

  /** The workspace's users (the gateway knows them), with their roles. */
  people(workspaceId: string): Promise<Person[]> {
    return workspacePeople(this.rpc, workspaceId);
  }
}

function present(setting: AssignmentState, people: Person[]) {
  const emails = new Map(people.map((u) => [u.id, u.email]));
  return {
    mode: setting.mode,
    available: setting.available.map((id) => {
      const email = emails.get(id);
      return { id, ...(email ? { email } : {}) };
    }),
    lastAssignee: setting.lastAssignee,
    people: people.map((u) => ({ id: u.id, email: u.email })),
  };
}
