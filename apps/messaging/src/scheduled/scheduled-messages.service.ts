import { Injectable } from '@nestjs/common';
import {
  messagingOperations,
  type AuthContext,
  type OperationRequest,
  type RpcRequest,
  type ScheduledMessageResource,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { newId, withStatus, writeScope } from '@platica/platform';
import type { RpcReply } from '@platica/contracts';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { isReschedulable, presentScheduled } from './scheduled-message.presenter';
import type { ServiceSendBody, TemplateSendBody } from './schedule-timing';
import { DueSoon } from './due-soon';
import { timingOf, type Timing } from './schedule-timing';

/** What a scheduled send records about itself when it is accepted. */
export interface ScheduledSend {
  kind: 'service' | 'template';
  channelId: string;
  conversationId: string;
  campaignId: string | null;
  messageType: string | null;
  templateName: string | null;
  preview: string | null;
  phoneNumber: string | null;
  name: string | null;
  /** The validated send without delay / scheduleTime: the command run at its time. */
  request: ServiceSendBody | TemplateSendBody;
}

/**
 * Scheduled sends: accepted with 202 once their row is stored (the dispatcher finds it by
 * its due time), then read, rescheduled and cancelled by `messageId`. A reschedule or cancel
 * is a conditional update of the row that the dispatcher's claim respects: the first to
 * commit decides, so an answer the API gave is never undone.
 */
@Injectable()
export class ScheduledMessagesService {
  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly dueSoon: DueSoon,
  ) {}

  /** Accepts a send for its time (202), under `id` when the caller chose it (a keyed request's: KeyedSends). */
  async schedule(workspaceId: string, auth: AuthContext, send: ScheduledSend, timing: Timing, id = newId('msg')): Promise<RpcReply> {
    await this.repository.create({
      id,
      workspaceId,
      status: timing.status,
      executeAt: timing.executeAt,
      delayMs: timing.delayMs,
      scheduledTime: timing.scheduledTime,
      actor: auth,
      ...send,
    });
    this.dueSoon.notify(timing.executeAt);
    return withStatus(202, {
      messageId: id,
      kind: send.kind,
      status: timing.status,
      timestamp: timing.acceptedAt.toISOString(),
      executeAt: timing.executeAt.toISOString(),
      ...(timing.delayMs !== null ? { delayMs: timing.delayMs } : { scheduledTime: timing.scheduledTime }),
    });
  }

  async list(request: OperationRequest<typeof messagingOperations.scheduledList>) {
    const { rows, nextPageToken } = await this.repository.list(writeScope(request).id, request.query);
    return { messages: rows.map(presentScheduled), count: rows.length, ...(nextPageToken ? { nextPageToken } : {}) };
  }

  async get(request: RpcRequest, messageId: string): Promise<ScheduledMessageResource> {
    return presentScheduled(await this.repository.get(writeScope(request).id, messageId));
  }

  async reschedule(
    request: OperationRequest<typeof messagingOperations.scheduledReschedule>,
    messageId: string,
  ): Promise<ScheduledMessageResource> {
    const { body } = request;
    const row = await this.repository.get(writeScope(request).id, messageId);
    // A campaign run's message goes out with its run: it can be cancelled, not moved.
    if (!isReschedulable(row) || row.runId) throw conflict(row.status);
    const timing = timingOf(body)!;
    const accepted = await this.repository.reschedule(row.workspaceId, row.id, {
      executeAt: timing.executeAt.toISOString(),
      status: timing.status,
      delayMs: timing.delayMs,
      scheduledTime: timing.scheduledTime,
    });
    const current = await this.get(request, messageId);
    // Claimed (or cancelled) between the read and the update: the claim came first.
    if (!accepted) throw conflict(current.status);
    this.dueSoon.notify(timing.executeAt);
    return current;
  }

  async cancel(request: RpcRequest, messageId: string): Promise<ScheduledMessageResource> {
    const row = await this.repository.get(writeScope(request).id, messageId);
    if (row.status === 'cancelled') return presentScheduled(row); // idempotent (ARCHITECTURE.md)
    if (!isReschedulable(row)) throw conflict(row.status);
    const accepted = await this.repository.cancel(row.workspaceId, row.id, new Date());
    const current = await this.get(request, messageId);
    if (!accepted && current.status !== 'cancelled') throw conflict(current.status);
    return current;
  }
}

function conflict(status: string): DomainError {
  return new DomainError(ErrorCode.Conflict, `The message is ${status}: it can no longer be rescheduled or cancelled`, {
    status,
    reschedulable: false,
  });
}
