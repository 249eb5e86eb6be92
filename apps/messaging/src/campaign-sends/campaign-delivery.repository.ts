import { Injectable } from '@nestjs/common';
import type { CampaignScheduleRequest } from '@platica/contracts';
import type { TemplateSendBody } from '../scheduled/schedule-timing';
import { Database, keysIn } from '@platica/platform';

export interface DeliveryRecord {
  status: 'attempting' | 'delivered' | 'failed';
  externalId: string | null;
  error: string | null;
  /** The attempt that wrote it (or took it over): a process that knows that attempt never called Graph may send under it. */
  attemptId: string | null;
}

/**
 * The record of each campaign message, made before its Graph call: the idempotency key of a
 * run's recipient is the message id the run gave it. A second attempt finds the record and
 * never calls Graph again: it stores what Graph accepted, or answers the outcome unknown.
 */
@Injectable()
export class CampaignDeliveryRepository {
  constructor(private readonly db: Database) {}

  /** Records these attempts; answers the message ids whose record is new (their attempt is the first). */
  async begin(attempts: { messageId: string; runId: string; attemptId: string }[]): Promise<Set<string>> {
    const rows = await this.db.execute<{ message_id: string }[]>(
      `insert into messaging.campaign_delivery (message_id, run_id, attempt_id, status, created_at, updated_at)
       select a."messageId", a."runId", a."attemptId", 'attempting', now(), now()
         from jsonb_to_recordset(?::jsonb) as a("messageId" text, "runId" text, "attemptId" text)
       on conflict (message_id) do nothing returning message_id`,
      [JSON.stringify(attempts)],
    );
    return new Set(rows.map((row) => row.message_id));
  }

  async find(messageId: string): Promise<DeliveryRecord | null> {
    const [row] = await this.db.execute<
      { status: DeliveryRecord['status']; external_id: string | null; error: string | null; attempt_id: string | null }[]
    >(`select status, external_id, error, attempt_id from messaging.campaign_delivery where message_id = ?`, [messageId]);
    return row ? { status: row.status, externalId: row.external_id, error: row.error, attemptId: row.attempt_id } : null;
  }

  /** Moves an attempt's record, still `attempting`, to another attempt; false when it is no longer that attempt's. */
  async takeOver(messageId: string, from: string, to: string): Promise<boolean> {
    const rows = await this.db.execute<{ message_id: string }[]>(
      `update messaging.campaign_delivery set attempt_id = ?, updated_at = now()
        where message_id = ? and attempt_id = ? and status = 'attempting' returning message_id`,
      [to, messageId, from],
    );
    return rows.length > 0;
  }

  /** Graph accepted them: written the moment it answers, so a crash before the store does not leave them unknown. */
  async delivered(deliveries: { messageId: string; externalId: string }[]): Promise<void> {
    const sent = keysIn(
      'd.message_id',
      deliveries.map((delivery) => delivery.messageId),
    );
    await this.db.execute(
      `update messaging.campaign_delivery d set status = 'delivered', external_id = a."externalId", updated_at = now()
         from jsonb_to_recordset(?::jsonb) as a("messageId" text, "externalId" text) where d.message_id = a."messageId" and ${sent.sql}`,
      [JSON.stringify(deliveries), ...sent.params],
    );
  }

  /** Refused before any Graph call (a rule), or by Graph: a retry answers the same. */
  async failed(messageId: string, error: string): Promise<void> {
    await this.db.execute(
      `update messaging.campaign_delivery set status = 'failed', error = ?, updated_at = now() where message_id = ? and status = 'attempting'`,
      [error, messageId],
    );
  }

  /** A dated run's messages as scheduled messages (`GET /v1/messages/scheduled?campaignId=`), once each. */
  async schedule(workspaceId: string, request: CampaignScheduleRequest, bodies: TemplateSendBody[], actor: unknown): Promise<void> {
    const { items } = request;
    await this.db.execute(
      `insert into messaging.scheduled_message (id, workspace_id, kind, status, channel_id, conversation_id, campaign_id, run_id, message_type,
         template_name, preview, phone_number, name, execute_at, delay_ms, scheduled_time, request, actor, revision, attempts, created_at, updated_at)
       select r.id, ?, 'template', 'scheduled', ?, r.phone, ?, ?, null, ?, ?, r.phone, r.name, ?::timestamptz, null, ?, r.request, ?::jsonb, 0, 0, now(), now()
         from jsonb_to_recordset(?::jsonb) as r(id text, phone text, name text, request jsonb)
       on conflict (id) do nothing`,
      [
        workspaceId,
        request.channelId,
        request.campaignId,
        request.runId,
        request.template.name,
        `Template ${request.template.name}`,
        request.executeAt,
        request.executeAt,
        JSON.stringify(actor),
        JSON.stringify(
          items.map((item, i) => ({
            id: item.messageId,
            phone: item.recipient.phoneNumber.replace(/^\+/, ''),
            name: item.recipient.name,
            request: bodies[i],
          })),
        ),
      ],
    );
  }

  /** A dated run's message taken for sending; what it is when it cannot be (cancelled, already settled), or null when absent. */
  async claimScheduled(messageId: string): Promise<{ claimed: boolean; status: string | null }> {
    const rows = await this.db.execute<{ id: string }[]>(
      `update messaging.scheduled_message set status = 'processing', attempts = attempts + 1, updated_at = now()
        where id = ? and run_id is not null and status in ('scheduled', 'delayed', 'processing') returning id`,
      [messageId],
    );
    if (rows.length) return { claimed: true, status: 'processing' };
    const [row] = await this.db.execute<{ status: string }[]>(`select status from messaging.scheduled_message where id = ?`, [messageId]);
    return { claimed: false, status: row?.status ?? null };
  }

  /** Ends a dated run's message that was not sent (a rule refused it, or its outcome is unknown). */
  async failScheduled(messageId: string, error: string): Promise<void> {
    await this.db.execute(
      `update messaging.scheduled_message set status = 'failed', failed_at = now(), error = ?, claimed_until = null, updated_at = now()
        where id = ? and status = 'processing'`,
      [error, messageId],
    );
  }

  /** Which of these contact keys belong to blocked clients of the workspace. */
  async blocked(workspaceId: string, contactKeys: string[]): Promise<string[]> {
    if (!contactKeys.length) return [];
    const rows = await this.db.execute<{ contact_key: string }[]>(
      `select contact_key from messaging.client where workspace_id = ? and status = 'blocked' and contact_key in (select jsonb_array_elements_text(?::jsonb))`,
      [workspaceId, JSON.stringify(contactKeys)],
    );
    return rows.map((r) => r.contact_key);
  }
}
