import { Injectable, Logger } from '@nestjs/common';
import type { RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { ScheduledMessageActivities } from '@platica/workflows/activities';
import { SendMessageService } from '../messages/send-message.service';
import { ScheduledMessageRepository } from './scheduled-message.repository';

/**
 * The activities of scheduledMessageWorkflow, built from the service's own dependencies.
 * Execution replays the stored send through the immediate path, so the window, the
 * blocked contact and the channel rules are checked again at that moment (spec rule 5).
 */
@Injectable()
export class ScheduledMessageActivitiesFactory {
  private readonly logger = new Logger('scheduled-messages');

  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly sender: SendMessageService,
  ) {}

  activities(): ScheduledMessageActivities {
    return {
      recordReschedule: (id, change, revision) => this.repository.recordReschedule(id, change, revision),
      recordCancel: (id, cancelledAt) => this.repository.recordCancel(id, new Date(cancelledAt)),
      execute: (id) => this.execute(id),
    };
  }

  private async execute(id: string): Promise<'sent' | 'failed'> {
    const row = await this.repository.markProcessing(id);
    if (!row) {
      const current = await this.repository.find(id);
      return current?.status === 'sent' ? 'sent' : 'failed';
    }
    const envelope: RpcRequest = {
      auth: row.actor,
      workspaceId: row.workspaceId,
      params: {},
      query: {},
      body: row.request,
      requestId: `scheduled-${id}`,
    };
    try {
      // The stored body has no delay / scheduleTime, so this is the immediate path.
      const answer = row.kind === 'template' ? await this.sender.sendTemplate(envelope) : await this.sender.send(envelope);
      if (!('messageId' in answer)) throw new Error(`the replay of scheduled message ${id} was not an immediate send`);
      await this.repository.markSent(id, answer.messageId);
      return 'sent';
    } catch (error) {
      // A rule that fails now (window closed, contact blocked, channel gone) or the provider
      // refusing the message ends the message `failed`; anything else is retried by Temporal.
      if (error instanceof DomainError && (error.status < 500 || error.code === ErrorCode.UpstreamFailed)) {
        await this.repository.markFailed(id, error.message);
        this.logger.warn({ msg: 'scheduled message failed', messageId: id, error: error.message });
        return 'failed';
      }
      throw error;
    }
  }
}
