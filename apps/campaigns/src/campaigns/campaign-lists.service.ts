import { Injectable } from '@nestjs/common';
import { campaignOperations as ops, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { writeScope } from '@platica/platform';
import { CampaignPageTokens } from '../page-tokens';
import type { CampaignRecipient } from '../runs/campaign-run.entity';
import { CampaignRunRepository } from '../runs/campaign-run.repository';
import { presentCampaign, presentRun } from './campaign.presenter';
import { CampaignRepository } from './campaign.repository';

/**
 * The reads the specification lacks (docs/campaigns.md › Lists): the workspace's campaigns with
 * their latest run, and a run's recipients with their outcomes. Both keyset-paged by token.
 */
@Injectable()
export class CampaignListsService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly runs: CampaignRunRepository,
    private readonly pageTokens: CampaignPageTokens,
  ) {}

  async list(request: OperationRequest<typeof ops.list>) {
    const workspaceId = writeScope(request).id;
    const { q, limit, pageToken } = request.query;
    const filters = { workspaceId, q: q ?? null };
    const after = pageToken ? this.pageTokens.decode('campaigns', pageToken, filters) : null;
    const rows = await this.campaigns.list(workspaceId, q, after && { createdAt: new Date(after.value), id: after.id }, limit + 1);
    const page = rows.slice(0, limit);
    const latest = await this.runs.latestOf(page.map((c) => c.id));
    const counts = await this.runs.counts([...latest.values()].map((run) => run.id));
    const last = page[page.length - 1];
    return {
      campaigns: page.map((campaign) => {
        const run = latest.get(campaign.id);
        return { ...presentCampaign(campaign), lastRun: run ? presentRun(run, counts.get(run.id)) : null };
      }),
      count: page.length,
      ...(rows.length > limit && last
        ? { nextPageToken: this.pageTokens.encode('campaigns', filters, { value: last.createdAt.toISOString(), id: last.id }) }
        : {}),
    };
  }

  async recipients(request: OperationRequest<typeof ops.runRecipients>) {
    const workspaceId = writeScope(request).id;
    const { campaignId, runId } = request.params;
    const run = await this.runs.findOf(workspaceId, campaignId, runId);
    if (!run) {
      // Which one is missing: the campaign (unknown or another workspace's), or its run.
      if (!(await this.campaigns.find(workspaceId, campaignId))) throw DomainError.notFound('Campaign', campaignId);
      throw DomainError.notFound('Campaign run', runId);
    }
    const { status, limit, pageToken } = request.query;
    const filters = { workspaceId, campaignId, runId, status: status ? [...status].sort() : null };
    const after = pageToken ? Number(this.pageTokens.decode('run-recipients', pageToken, filters).value) : -1;
    const rows = await this.runs.recipients(run.id, status, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      campaignId,
      runId,
      recipients: page.map(presentRecipient),
      count: page.length,
      ...(rows.length > limit && last
        ? { nextPageToken: this.pageTokens.encode('run-recipients', filters, { value: String(last.position), id: runId }) }
        : {}),
    };
  }
}

function presentRecipient(row: CampaignRecipient) {
  const excluded = row.status === 'excluded';
  return {
    position: row.position,
    phoneNumber: row.phoneNumber,
    name: row.name ?? null,
    // `attempting` is the run's own bookkeeping: to a reader the recipient is still pending.
    status: row.status === 'attempting' ? ('pending' as const) : row.status,
    reason: excluded ? (row.error as 'blocked' | 'problematic' | 'undeliverable') : null,
    error: excluded ? null : (row.error ?? null),
    messageId: row.messageId ?? null,
    sentAt: row.status === 'sent' ? row.updatedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
