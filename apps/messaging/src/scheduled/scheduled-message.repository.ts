import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import type { ScheduledListQuery } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Database, keysIn, type Transaction } from '@platica/platform';
import { filtersFingerprint, PageTokens } from '../paging/page-token';
import { ScheduledMessage } from './scheduled-message.entity';

/** A waiting message's new time, as `PATCH /v1/messages/scheduled/{id}` sets it. */
export interface RescheduleChange {
  executeAt: string;
  status: 'delayed' | 'scheduled';
  delayMs: number | null;
  scheduledTime: string | null;
}

type NewScheduled = Omit<
  ScheduledMessage,
  | 'createdAt'
  | 'updatedAt'
  | 'revision'
  | 'cancelledAt'
  | 'sentAt'
  | 'failedAt'
  | 'sentMessageId'
  | 'error'
  | 'claimedUntil'
  | 'attempts'
  | 'deliveredExternalId'
  | 'runId'
>;

/** A scheduled send the dispatcher claimed: what it needs to run the stored command. */
export interface ClaimedSend {
  id: string;
  workspaceId: string;
  kind: 'service' | 'template';
  request: ScheduledMessage['request'];
  actor: ScheduledMessage['actor'];
  attempts: number;
  /** Meta's id when an earlier attempt's send was accepted by Graph: store it, do not send again. */
  deliveredExternalId: string | null;
}

/** Where the next sends are due: each channel's earliest pending message within the horizon. */
export interface UpcomingSends {
  workspaceId: string;
  channelId: string;
  nextDueAt: Date;
}

/** Statuses a message waits in; `creating` only for rows written before the dispatcher (legacy workflows). */
const WAITING = `('creating', 'delayed', 'scheduled')`;

/**
 * Scheduled messages. Every status write is conditional on the status it leaves, and the
 * dispatcher's claim locks the rows it takes, so a reschedule or cancel the API answered
 * and the claim of a due message can never undo each other: whichever commits first wins,
 * and the other sees it.
 */
@Injectable()
export class ScheduledMessageRepository {
  constructor(
    private readonly db: Database,
    private readonly pageTokens: PageTokens,
  ) {}

  /** One insert: the row is the whole registration (the dispatcher finds it by its due time). */
  async create(row: NewScheduled): Promise<void> {
    const now = new Date();
    await this.db.em().insert(ScheduledMessage, {
      ...row,
      runId: null,
      revision: 0,
      attempts: 0,
      claimedUntil: null,
      deliveredExternalId: null,
      sentMessageId: null,
      error: null,
      cancelledAt: null,
      sentAt: null,
      failedAt: null,
      createdAt: now,
      updatedAt: now,
    });
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
      const after = this.pageTokens.decode('scheduled', pageToken, fingerprint);
      const at = new Date(after.value);
      and.push({ $or: [{ executeAt: { $gt: at } }, { executeAt: at, id: { $gt: after.id } }] });
    }
    const rows = await this.db.em().find(ScheduledMessage, { $and: and }, { orderBy: { executeAt: 'asc', id: 'asc' }, limit: limit + 1 });
    if (rows.length <= limit) return { rows };
    const page = rows.slice(0, limit);
    const last = page[page.length - 1]!;
    return {
      rows: page,
      nextPageToken: this.pageTokens.encode('scheduled', fingerprint, { value: new Date(last.executeAt).toISOString(), id: last.id }),
    };
  }

  /**
   * A reschedule the API accepts: only while the message still waits (a claimed one is
   * `processing`, and this update then changes nothing). False when it no longer waits.
   */
  async reschedule(workspaceId: string, id: string, change: RescheduleChange): Promise<boolean> {
    const rows: unknown[] = await this.db.execute(
      `update messaging.scheduled_message set execute_at = ?, status = ?, delay_ms = ?, scheduled_time = ?, revision = revision + 1, updated_at = now()
        where id = ? and workspace_id = ? and status in ${WAITING} returning id`,
      [new Date(change.executeAt), change.status, change.delayMs, change.scheduledTime, id, workspaceId],
    );
    return rows.length > 0;
  }

  /** A cancel the API accepts: only while the message still waits. False when it no longer waits. */
  async cancel(workspaceId: string, id: string, cancelledAt: Date): Promise<boolean> {
    const rows: unknown[] = await this.db.execute(
      `update messaging.scheduled_message set status = 'cancelled', cancelled_at = ?, updated_at = now()
        where id = ? and workspace_id = ? and status in ${WAITING} returning id`,
      [cancelledAt, id, workspaceId],
    );
    return rows.length > 0;
  }

  /** Per channel, the earliest message waiting to be sent before `horizon`: when to wake, and which channels to open ahead. */
  async upcoming(horizon: Date): Promise<UpcomingSends[]> {
    const rows: { workspace_id: string; channel_id: string; next_due_at: Date | string }[] = await this.db.execute(
      `select workspace_id, channel_id, min(execute_at) as next_due_at from messaging.scheduled_message
        where status in ('delayed', 'scheduled') and execute_at <= ? group by workspace_id, channel_id`,
      [horizon],
    );
    return rows.map((r) => ({ workspaceId: r.workspace_id, channelId: r.channel_id, nextDueAt: new Date(r.next_due_at) }));
  }

  /**
   * Claims up to `limit` messages due at `now` (and any whose earlier claim expired: its
   * dispatcher stopped mid-send), oldest first, skipping rows a reschedule or cancel holds.
   * They become `processing` until `leaseUntil`; from then on the API answers 409.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedSend[]> {
    // Due messages and expired claims are found apart, each walking its own partial index (one
    // OR-ed condition made Postgres read every pending row); the oldest `limit` of both are claimed.
    const rows: ClaimedRow[] = await this.db.execute(
      `with due as (
          select id, execute_at from messaging.scheduled_message
           where status in ('delayed', 'scheduled') and execute_at <= ? and run_id is null
           order by execute_at limit ? for update skip locked),
        expired as (
          select id, execute_at from messaging.scheduled_message
           where status = 'processing' and claimed_until < ? and run_id is null
           order by claimed_until limit ? for update skip locked)
       update messaging.scheduled_message m set status = 'processing', claimed_until = ?, attempts = m.attempts + 1, updated_at = now()
        where m.id in (select id from (select * from due union all select * from expired) claimable order by execute_at limit ?)
        returning m.id, m.workspace_id, m.kind, m.request, m.actor, m.attempts, m.delivered_external_id`,
      [now, limit, now, limit, leaseUntil, limit],
    );
    return rows.map(claimedSend);
  }

  /**
   * The outcome of a claimed send, in the transaction that stores its message: both commit or
   * neither does. Throws when the claim is gone (finished by another dispatcher), so that
   * transaction rolls back and the message is never stored twice.
   */
  async settle(transaction: Transaction, id: string, outcome: { messageId: string; error: string | null }): Promise<void> {
    const rows: unknown[] = await this.db.em(transaction).execute(
      outcome.error === null
        ? `update messaging.scheduled_message set status = 'sent', sent_at = now(), sent_message_id = ?, claimed_until = null, updated_at = now()
            where id = ? and status = 'processing' returning id`
        : `update messaging.scheduled_message set status = 'failed', failed_at = now(), sent_message_id = ?, error = ?, claimed_until = null, updated_at = now()
            where id = ? and status = 'processing' returning id`,
      outcome.error === null ? [outcome.messageId, id] : [outcome.messageId, outcome.error, id],
    );
    if (rows.length === 0) throw new Error(`scheduled message ${id} is no longer claimed: its outcome was recorded elsewhere`);
  }

  /**
   * Graph accepted these claimed sends: written at once, in one statement, because the store
   * that follows may not happen (a crash), and Graph must not get the sends again.
   */
  async recordDeliveries(deliveries: { id: string; externalId: string }[]): Promise<void> {
    const claimed = keysIn(
      'm.id',
      deliveries.map((delivery) => delivery.id),
    );
    await this.db.execute(
      `update messaging.scheduled_message m set delivered_external_id = d."externalId"
         from jsonb_to_recordset(?::jsonb) as d(id text, "externalId" text) where m.id = d.id and ${claimed.sql} and m.status = 'processing'`,
      [JSON.stringify(deliveries), ...claimed.params],
    );
  }

  /** Keeps an interrupted send claimed until `until`, unsent, so Meta's status webhook can name it first. */
  async awaitConfirmation(id: string, until: Date): Promise<void> {
    await this.db.em().nativeUpdate(ScheduledMessage, { id, status: 'processing' }, { claimedUntil: until });
  }

  /**
   * Keeps a claimed send unsent until `until`, then claimable again, the claim not counted as an
   * attempt: its answer waits on something else (a customer's delivery still being processed).
   */
  async deferClaim(id: string, until: Date): Promise<void> {
    await this.db.execute(
      "update messaging.scheduled_message set claimed_until = ?, attempts = attempts - 1, updated_at = now() where id = ? and status = 'processing'",
      [until, id],
    );
  }

  /** A claimed send that cannot go out (a rule failed at its time): `failed` with the public reason. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.db
      .em()
      .nativeUpdate(ScheduledMessage, { id, status: 'processing' }, { status: 'failed', failedAt: new Date(), error, claimedUntil: null });
  }
}

interface ClaimedRow {
  id: string;
  workspace_id: string;
  kind: 'service' | 'template';
  request: ScheduledMessage['request'] | string;
  actor: ScheduledMessage['actor'] | string;
  attempts: number;
  delivered_external_id: string | null;
}

function claimedSend(row: ClaimedRow): ClaimedSend {
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    request: json(row.request),
    actor: json(row.actor),
    attempts: row.attempts,
    deliveredExternalId: row.delivered_external_id,
  };
}
