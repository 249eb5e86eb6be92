import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import type { ScheduledListQuery } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import type { RescheduleChange } from '@platica/workflows/activities';
import { Database } from '@platica/platform';
import { decodePageToken, encodePageToken, filtersFingerprint } from '../conversations/page-token';
import { ScheduledMessage } from './scheduled-message.entity';

type NewScheduled = Omit<
  ScheduledMessage,
  'createdAt' | 'updatedAt' | 'revision' | 'cancelledAt' | 'sentAt' | 'failedAt' | 'sentMessageId' | 'error'
>;

/**
 * Scheduled messages. Status writes are conditional on the status they leave, so activities
 * that run concurrently (a cancel and the registration, two reschedules) cannot undo each other.
 */
@Injectable()
export class ScheduledMessageRepository {
  constructor(private readonly db: Database) {}

  async create(row: NewScheduled): Promise<ScheduledMessage> {
    const em = this.db.em();
    const created = em.create(ScheduledMessage, {
      ...row,
      revision: 0,
      sentMessageId: null,
      error: null,
      cancelledAt: null,
      sentAt: null,
      failedAt: null,
    });
    await em.flush();
    return created;
  }

  async remove(id: string): Promise<void> {
    await this.db.em().nativeDelete(ScheduledMessage, { id });
  }

  async get(workspaceId: string, id: string): Promise<ScheduledMessage> {
    const row = await this.db.em().findOne(ScheduledMessage, { id, workspaceId });
    if (!row) throw DomainError.notFound('Scheduled message', id);
    return row;
  }

  find(id: string): Promise<ScheduledMessage | null> {
    return this.db.em().findOne(ScheduledMessage, { id });
  }

  async list(workspaceId: string, query: ScheduledListQuery): Promise<{ rows: ScheduledMessage[]; nextPageToken?: string }> {
    const { pageToken, limit, workspace: _workspace, ...filters } = query;
    const fingerprint = filtersFingerprint({ workspaceId, ...filters });
    const where: FilterQuery<ScheduledMessage> = { workspaceId, status: { $in: query.status } };
    if (query.kind) where.kind = query.kind;
    if (query.campaignId) where.campaignId = query.campaignId;
    if (query.from || query.to)
      where.executeAt = { ...(query.from ? { $gte: new Date(query.from) } : {}), ...(query.to ? { $lte: new Date(query.to) } : {}) };
    const and: FilterQuery<ScheduledMessage>[] = [where];
    if (pageToken) {
      const after = decodePageToken(pageToken, fingerprint);
      const at = new Date(after.value);
      and.push({ $or: [{ executeAt: { $gt: at } }, { executeAt: at, id: { $gt: after.id } }] });
    }
    const rows = await this.db.em().find(ScheduledMessage, { $and: and }, { orderBy: { executeAt: 'asc', id: 'asc' }, limit: limit + 1 });
    if (rows.length <= limit) return { rows };
    const page = rows.slice(0, limit);
    const last = page[page.length - 1]!;
    return { rows: page, nextPageToken: encodePageToken(fingerprint, { value: new Date(last.executeAt).toISOString(), id: last.id }) };
  }

  /** `creating` -> `delayed` / `scheduled`, once the workflow is registered; from `creating` only (a cancel may already be recorded). */
  async markPending(id: string): Promise<void> {
    await this.db.em().execute(
      `update messaging.scheduled_message set status = case when delay_ms is null then 'scheduled' else 'delayed' end, updated_at = now()
        where id = ? and status = 'creating'`,
      [id],
    );
  }

  async recordReschedule(id: string, change: RescheduleChange, revision: number): Promise<void> {
    await this.db.em().execute(
      `update messaging.scheduled_message set execute_at = ?, status = ?, delay_ms = ?, scheduled_time = ?, revision = ?, updated_at = now()
        where id = ? and revision < ? and status in ('creating', 'delayed', 'scheduled')`,
      [new Date(change.executeAt), change.status, change.delayMs, change.scheduledTime, revision, id, revision],
    );
  }

  async recordCancel(id: string, cancelledAt: Date): Promise<void> {
    await this.db.em().execute(
      `update messaging.scheduled_message set status = 'cancelled', cancelled_at = ?, updated_at = now()
        where id = ? and status in ('creating', 'delayed', 'scheduled')`,
      [cancelledAt, id],
    );
  }

  /** Claims the message for execution; null when it is no longer pending (already done or cancelled). */
  async markProcessing(id: string): Promise<ScheduledMessage | null> {
    const em = this.db.em();
    const updated = await em.nativeUpdate(
      ScheduledMessage,
      { id, status: { $in: ['creating', 'delayed', 'scheduled', 'processing'] } },
      { status: 'processing' },
    );
    return updated > 0 ? em.findOne(ScheduledMessage, { id }) : null;
  }

  async markSent(id: string, sentMessageId: string): Promise<void> {
    await this.db.em().nativeUpdate(ScheduledMessage, { id, status: 'processing' }, { status: 'sent', sentAt: new Date(), sentMessageId });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.em().nativeUpdate(ScheduledMessage, { id, status: 'processing' }, { status: 'failed', failedAt: new Date(), error });
  }
}
