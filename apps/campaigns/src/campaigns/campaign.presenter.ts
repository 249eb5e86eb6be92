import type { Campaign } from './campaign.entity';
import type { CampaignRun } from '../runs/campaign-run.entity';

export function presentCampaign(campaign: Campaign) {
  return {
    id: campaign.id,
    title: campaign.title,
    category: campaign.category,
    platform: campaign.platform,
    templateName: campaign.templateName ?? null,
    message: campaign.message ?? null,
    template: campaign.template ?? null,
    language: campaign.language ?? null,
    templateLanguage: campaign.templateLanguage ?? null,
    wabaId: campaign.wabaId ?? null,
    owners: campaign.owners,
    creationDate: campaign.createdAt.toISOString(),
    lastUpdate: campaign.updatedAt.toISOString(),
  };
}

export function presentRun(run: CampaignRun, counts: { sent: number; failed: number; unknown: number; open: number } | undefined) {
  const c = counts ?? { sent: 0, failed: 0, unknown: 0, open: 0 };
  return {
    runId: run.id,
    status: run.status,
    channelId: run.channelId,
    templateName: run.template.name,
    scheduledFor: run.scheduledFor ? run.scheduledFor.toISOString() : null,
    createdAt: run.createdAt.toISOString(),
    completedAt: run.completedAt ? run.completedAt.toISOString() : null,
    recipients: run.recipientCount,
    sent: c.sent,
    failed: c.failed,
    unknown: c.unknown,
    pending: c.open,
    excluded: run.excludedCount,
  };
}
