import { Injectable } from '@nestjs/common';
import type { CampaignRecipientRef, CampaignTemplateSend } from '@platica/contracts';
import { Database, keysIn, newId } from '@platica/platform';
import { CampaignContact, CampaignRecipient, CampaignRun, type RecipientStatus } from './campaign-run.entity';

export interface NewRun {
  id: string;
  workspaceId: string;
  campaignId: string;
  channelId: string;
  agentForNew: string | null;
  template: CampaignTemplateSend & { name: string };
  scheduledFor: Date | null;
  excludedCount: number;
  exclusions: Record<ExclusionReason, number>;
}

export type ExclusionReason = 'blocked' | 'problematic' | 'undeliverable';

/** A recipient of the audience as a send took it: to send (`excludedFor` null), or left out and why. */
export interface RunAudienceMember {
  recipient: CampaignRecipientRef;
  excludedFor: ExclusionReason | null;
}

export interface ClaimedRecipient {
  position: number;
  messageId: string;
  recipient: CampaignRecipientRef;
  /** Handed over before without an answer (a crash, a timeout): messaging answers from its record. */
  retry: boolean;
}

export interface RunCounts {
  runId: string;
  sent: number;
  failed: number;
  unknown: number;
  open: number;
}

/** Problematic: Graph refused the phone's latest 1-2 campaign sends; undeliverable: 3 or more (docs/campaigns.md). */
export const UNDELIVERABLE_AFTER = 3;

@Injectable()
export class CampaignRunRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs and their audience, in one transaction: each recipient to send gets its own message id
   * per run; the excluded ones are stored `excluded` with their reason, in audience order.
   */
  async create(runs: NewRun[], audience: RunAudienceMember[]): Promise<void> {
    const recipientCount = audience.filter((member) => member.excludedFor === null).length;
    await this.db.em().transactional(async (em) => {
      const now = new Date();
      for (const run of runs) {
        em.create(CampaignRun, {
          ...run,
          status: run.scheduledFor ? 'scheduled' : 'sending',
          recipientCount,
          createdAt: now,
          completedAt: null,
        });
      }
      await em.flush();
      for (const run of runs) {
        // One statement per run, whatever the audience's size.
        await em.execute(
          `insert into campaigns.campaign_recipient (run_id, position, phone_number, name, params, message_id, status, error, updated_at)
           select ?, r.position, r.phone, r.name, r.params, r.message_id, r.status, r.error, now()
             from jsonb_to_recordset(?::jsonb) as r(position int, phone text, name text, params jsonb, message_id text, status text, error text)`,
          [
            run.id,
            JSON.stringify(
              audience.map(({ recipient: r, excludedFor }, position) => ({
                position,
                phone: r.phoneNumber,
                name: r.name,
                params: r.params,
                message_id: excludedFor ? null : newId('msg'),
                status: excludedFor ? 'excluded' : 'pending',
                error: excludedFor,
              })),
            ),
          ],
        );
      }
    });
  }

  /** The workspace's runs among `ids` (a keyed send's: CampaignsService.earlierRuns). */
  findMany(workspaceId: string, ids: string[]): Promise<CampaignRun[]> {
    return this.db.em().find(CampaignRun, { id: { $in: ids }, workspaceId });
  }

  find(id: string): Promise<CampaignRun | null> {
    return this.db.em().findOne(CampaignRun, { id });
  }

  /** Newest first; the runs of one send (one per scheduled date) share their creation time: the latest-dated first. */
  listForCampaigns(campaignIds: string[]): Promise<CampaignRun[]> {
    if (!campaignIds.length) return Promise.resolve([]);
    return this.db
      .em()
      .find(
        CampaignRun,
        { campaignId: { $in: campaignIds } },
        { orderBy: { createdAt: 'desc', scheduledFor: 'desc nulls last', id: 'desc' } },
      );
  }

  async counts(runIds: string[]): Promise<Map<string, RunCounts>> {
    const result = new Map<string, RunCounts>();
    if (!runIds.length) return result;
    const rows = await this.db.execute<{ run_id: string; status: RecipientStatus; n: string }[]>(
      `select run_id, status, count(*) as n from campaigns.campaign_recipient where run_id in (?) and status <> 'excluded' group by run_id, status`,
      [runIds],
    );
    for (const id of runIds) result.set(id, { runId: id, sent: 0, failed: 0, unknown: 0, open: 0 });
    for (const row of rows) {
      const counts = result.get(row.run_id)!;
      const n = Number(row.n);
      if (row.status === 'sent') counts.sent += n;
      else if (row.status === 'failed') counts.failed += n;
      else if (row.status === 'unknown') counts.unknown += n;
      else counts.open += n;
    }
    return result;
  }

  async openCount(runId: string): Promise<number> {
    const [row] = await this.db.execute<{ n: string }[]>(
      `select count(*) as n from campaigns.campaign_recipient where run_id = ? and status in ('pending', 'attempting')`,
      [runId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The next open recipients of a run, marked `attempting`: pending ones, and any a crashed
   * slice left `attempting` (messaging answers those from its own record).
   */
  async claim(runId: string, limit: number): Promise<ClaimedRecipient[]> {
    const rows = await this.db.execute<
      { position: number; message_id: string; phone_number: string; name: string | null; params: string[] | null; old_status: string }[]
    >(
      `update campaigns.campaign_recipient r set status = 'attempting', updated_at = now()
         from (select position, status as old_status from campaigns.campaign_recipient where run_id = ? and status in ('pending', 'attempting')
                order by position limit ? for update skip locked) next
        where r.run_id = ? and r.position = next.position
        returning r.position, r.message_id, r.phone_number, r.name, r.params, next.old_status`,
      [runId, limit, runId],
    );
    return rows
      .sort((a, b) => a.position - b.position)
      .map((row) => ({
        position: row.position,
        messageId: row.message_id,
        recipient: { phoneNumber: row.phone_number, name: row.name, params: row.params },
        retry: row.old_status === 'attempting',
      }));
  }

  /** A page of a run's recipients to send after a position, whatever their status (the excluded are not). */
  async page(runId: string, limit: number, after: number): Promise<ClaimedRecipient[]> {
    const rows = await this.db.execute<
      { position: number; message_id: string; phone_number: string; name: string | null; params: string[] | null }[]
    >(
      `select position, message_id, phone_number, name, params from campaigns.campaign_recipient
        where run_id = ? and position > ? and status <> 'excluded' order by position limit ?`,
      [runId, after, limit],
    );
    return rows.map((row) => ({
      position: row.position,
      messageId: row.message_id,
      recipient: { phoneNumber: row.phone_number, name: row.name, params: row.params },
      retry: false,
    }));
  }

  /** The latest run of each of these campaigns (those with none are absent). */
  async latestOf(campaignIds: string[]): Promise<Map<string, CampaignRun>> {
    if (!campaignIds.length) return new Map();
    const rows = await this.db.execute<{ id: string }[]>(
      `select distinct on (campaign_id) id from campaigns.campaign_run where campaign_id in (?) order by campaign_id, created_at desc, scheduled_for desc nulls last, id desc`,
      [campaignIds],
    );
    const runs = await this.db.em().find(CampaignRun, { id: { $in: rows.map((row) => row.id) } });
    return new Map(runs.map((run) => [run.campaignId, run]));
  }

  /** The run of this campaign and workspace (null otherwise). */
  findOf(workspaceId: string, campaignId: string, runId: string): Promise<CampaignRun | null> {
    return this.db.em().findOne(CampaignRun, { id: runId, campaignId, workspaceId });
  }

  /** A run's recipients after a position, in audience order; `pending` covers those being handed over. */
  recipients(runId: string, statuses: RecipientStatus[] | undefined, after: number, limit: number): Promise<CampaignRecipient[]> {
    const stored = statuses?.flatMap((status): RecipientStatus[] => (status === 'pending' ? ['pending', 'attempting'] : [status]));
    return this.db
      .em()
      .find(
        CampaignRecipient,
        { runId, position: { $gt: after }, ...(stored ? { status: { $in: stored } } : {}) },
        { orderBy: { position: 'asc' }, limit },
      );
  }

  /** Outcomes of handed-over recipients, in one statement. */
  async record(runId: string, outcomes: { position: number; status: RecipientStatus; error: string | null }[]): Promise<void> {
    if (!outcomes.length) return;
    const positions = keysIn(
      'r.position',
      outcomes.map((outcome) => outcome.position),
    );
    await this.db.execute(
      `update campaigns.campaign_recipient r set status = v.status, error = v.error, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as v(position int, status text, error text)
        where r.run_id = ? and ${positions.sql} and r.position = v.position and r.status = 'attempting'`,
      [JSON.stringify(outcomes), runId, ...positions.params],
    );
  }

  /** Graph refused these phones' sends (one more failure each); these others were sent (their marks go). */
  async markContacts(workspaceId: string, refused: string[], delivered: string[]): Promise<void> {
    const em = this.db.em();
    if (refused.length) {
      await em.execute(
        `insert into campaigns.campaign_contact (workspace_id, phone_number, failures, updated_at)
         select ?, phone, 1, now() from jsonb_array_elements_text(?::jsonb) as phone
         on conflict (workspace_id, phone_number) do update set failures = campaign_contact.failures + 1, updated_at = now()`,
        [workspaceId, JSON.stringify([...new Set(refused)])],
      );
    }
    if (delivered.length) {
      await em.execute(`delete from campaigns.campaign_contact where workspace_id = ? and phone_number in (?)`, [workspaceId, delivered]);
    }
  }

  /** Failures recorded against these phones (absent: none). */
  async failuresOf(workspaceId: string, phones: string[]): Promise<Map<string, number>> {
    if (!phones.length) return new Map();
    const rows = await this.db.em().find(CampaignContact, { workspaceId, phoneNumber: { $in: phones } });
    return new Map(rows.map((row) => [row.phoneNumber, row.failures]));
  }

  async setStatus(runId: string, status: 'sending' | 'completed'): Promise<void> {
    await this.db.em().nativeUpdate(CampaignRun, { id: runId }, status === 'completed' ? { status, completedAt: new Date() } : { status });
  }
}
