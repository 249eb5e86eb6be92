import { Injectable } from '@nestjs/common';
import { rescheduleRequestSchema, type RpcRequest, type ScheduledMessageResource } from '@platica/contracts';
import { DomainError, ErrorCode, parseOrThrow } from '@platica/errors';
import { newId, withStatus } from '@platica/platform';
import type { RpcReply } from '@platica/contracts';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { isReschedulable, presentScheduled } from './scheduled-message.presenter';
import { ScheduledWorkflows } from './scheduled-workflows';
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
  /** The body to replay at execution time, without delay / scheduleTime. */
  request: Record<string, unknown>;
}

/**
 * Scheduled sends: accepted with 202 once their workflow is registered, then read,
 * rescheduled and cancelled by `messageId`. The workflow is the arbiter of each change.
 */
@Injectable()
export class ScheduledMessagesService {
  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly workflows: ScheduledWorkflows,
  ) {}

  async schedule(request: RpcRequest, send: ScheduledSend, timing: Timing): Promise<RpcReply> {
    const workspaceId = request.workspaceId!;
    const row = await this.repository.create({
      id: newId('msg'),
      workspaceId,
      status: 'creating',
      executeAt: timing.executeAt,
      delayMs: timing.delayMs,
      scheduledTime: timing.scheduledTime,
      actor: request.auth,
      ...send,
    });
    try {
      await this.workflows.start(row.id, timing.executeAt);
    } catch (error) {
      // Not registered: nothing was accepted, so nothing is left behind.
      await this.repository.remove(row.id);
      throw new DomainError(ErrorCode.Unavailable, 'Scheduling is unavailable: try again', {
        cause: error instanceof Error ? error.message : String(error),
      });
    }
    await this.repository.markPending(row.id);
    return withStatus(202, {
      messageId: row.id,
      kind: send.kind,
      status: timing.status,
      timestamp: timing.acceptedAt.toISOString(),
      executeAt: timing.executeAt.toISOString(),
      ...(timing.delayMs !== null ? { delayMs: timing.delayMs } : { scheduledTime: timing.scheduledTime }),
    });
  }

  async get(request: RpcRequest, messageId: string): Promise<ScheduledMessageResource> {
    return presentScheduled(await this.repository.get(request.workspaceId!, messageId));
  }

  async reschedule(request: RpcRequest, messageId: string): Promise<ScheduledMessageResource> {
    const body = parseOrThrow(rescheduleRequestSchema, request.body);
    const row = await this.repository.get(request.workspaceId!, messageId);
    if (!isReschedulable(row)) throw conflict(row.status);
    const timing = timingOf(body)!;
    await this.workflows.reschedule(row.id, {
      executeAt: timing.executeAt.toISOString(),
      status: timing.status,
      delayMs: timing.delayMs,
      scheduledTime: timing.scheduledTime,
    });
    return this.get(request, messageId);
  }

  async cancel(request: RpcRequest, messageId: string): Promise<ScheduledMessageResource> {
    const row = await this.repository.get(request.workspaceId!, messageId);
    if (row.status === 'cancelled') return presentScheduled(row); // idempotent (ARCHITECTURE.md)
    if (!isReschedulable(row)) throw conflict(row.status);
    await this.workflows.cancel(row.id, new Date());
    return this.get(request, messageId);
  }
}

function conflict(status: string): DomainError {
  return new DomainError(ErrorCode.Conflict, `The message is ${status}: it can no longer be rescheduled or cancelled`, {
    status,
    reschedulable: false,
  });
}
