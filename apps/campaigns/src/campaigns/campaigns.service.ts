import { Injectable } from '@nestjs/common';
import { campaignOperations as ops, internalOperations, type CampaignRecipientRef, type OperationRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode, type FieldIssue } from '@platica/errors';
import {
  groupByWorkspace,
  isUniqueViolation,
  newId,
  readScope,
  requestScopedId,
  requireWorkspaceUsers,
  RpcClient,
  serviceRequest,
  writeScope,
} from '@platica/platform';
import { CampaignRunRepository, UNDELIVERABLE_AFTER, type ExclusionReason, type RunAudienceMember } from '../runs/campaign-run.repository';
import { CampaignRunWorkflows } from '../runs/campaign-run.workflows';
import { presentCampaign, presentRun } from './campaign.presenter';
import { CampaignRepository } from './campaign.repository';

/** The agent of new conversations when the sender channel was named by a legacy phone number (spec › Campaigns rule 1). */
export const CHANNEL_DEFAULT_AGENT = 'channel-default';

/** `GET`, `PATCH` and `POST …/send` of /v1/campaigns/{campaignId} (spec › Campaigns). */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly runs: CampaignRunRepository,
    private readonly workflows: CampaignRunWorkflows,
    private readonly rpc: RpcClient,
  ) {}

  /** For other services (messaging, before attributing a send): the campaign, 404 when it is not the workspace's. */
  async describe(request: OperationRequest<typeof internalOperations.campaigns.describe>) {
    const campaign = await this.campaigns.find(writeScope(request).id, request.body.campaignId);
    if (!campaign) throw DomainError.notFound('Campaign', request.body.campaignId);
    return { id: campaign.id, title: campaign.title };
  }

  async get(request: OperationRequest<typeof ops.get>) {
    const scope = readScope(request);
    const campaign = await this.campaigns.get(
      scope.map((w) => w.id),
      request.params.campaignId,
    );
    const runs = await this.runs.listForCampaigns([campaign.id]);
    const counts = await this.runs.counts(runs.map((r) => r.id));
    return groupByWorkspace(
      scope.filter((w) => w.id === campaign.workspaceId),
      [campaign],
      'campaigns',
      (c) => ({ ...presentCampaign(c), runs: runs.map((run) => presentRun(run, counts.get(run.id))) }),
    );
  }

  async update(request: OperationRequest<typeof ops.update>) {
    const change = request.body;
    if (Object.keys(change).length === 0) throw DomainError.validation([{ path: [], message: 'send at least one field to change' }]);
    const workspaceId = writeScope(request).id;
    await this.campaigns.get([workspaceId], request.params.campaignId);
    if (change.owners) await requireWorkspaceUsers(this.rpc, request, change.owners);
    if (change.templateName) {
      try {
        await this.rpc.call(
          internalOperations.messaging.templatesDescribe,
          serviceRequest('campaigns', workspaceId, { name: change.templateName }),
        );
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.NotFound) {
          throw DomainError.validation([
            { path: ['templateName'], message: `the workspace has no template named "${change.templateName}"` },
          ]);
        }
        throw error;
      }
    }
    const campaign = await this.campaigns.update(workspaceId, request.params.campaignId, change);
    return {
      status: 'success' as const,
      message: 'Campaign updated',
      data: {
        id: campaign.id,
        title: campaign.title,
        category: campaign.category,
        platform: campaign.platform,
        templateName: campaign.templateName ?? null,
        owners: campaign.owners,
        lastUpdate: campaign.updatedAt.toISOString(),
      },
    };
  }

  /**
   * Checks the send (template named or the campaign's, params, media, buttons against the
   * template; dates in the future), excludes blocked, problematic and undeliverable
   * recipients, stores one run per date (or one now) and starts their workflows.
   */
  async send(request: OperationRequest<typeof ops.send>) {
    const workspaceId = writeScope(request).id;
    const campaign = await this.campaigns.get([workspaceId], request.params.campaignId);
    const { channelId, responderAgentId, template: given } = request.body;
    const { scheduledDates, sendToProblematic = false, sendToUndeliverable = false, ...template } = given;

    const name = template.name ?? campaign.templateName;
    if (!name) {
      throw DomainError.validation(
        [{ path: ['template', 'name'], message: 'name a template: the campaign has no configured template' }],
        'No template named and none configured on the campaign',
      );
    }
    const now = Date.now();
    const dateIssues: FieldIssue[] = (scheduledDates ?? [])
      .map((date, i) => ({ date, i }))
      .filter(({ date }) => Date.parse(date) <= now)
      .map(({ i }) => ({ path: ['template', 'scheduledDates', i], message: 'must be in the future' }));
    const dates = scheduledDates?.length ? [...new Set(scheduledDates.map((d) => new Date(d).toISOString()))].sort() : [null];
    // A keyed request names its runs after its reference: a retry that finds them answers them (their
    // workflows started, should the first attempt have stopped before), and queues nothing again.
    const runIds = dates.map((_, i) => (request.requestRef ? requestScopedId('run', request.requestRef, `run:${i}`) : newId('run')));
    const earlier = request.requestRef ? await this.earlierRuns(workspaceId, runIds) : null;
    if (earlier) return earlier;
    if (dateIssues.length) throw DomainError.validation(dateIssues, 'Every scheduled date must be in the future');
    const language = template.language ?? (template.name ? undefined : (campaign.templateLanguage ?? undefined));

    if (responderAgentId) await this.requireAgent(workspaceId, responderAgentId);

    const audience: CampaignRecipientRef[] = dedupe(campaign.audience).map((member) => ({
      phoneNumber: member.phoneNumber,
      name: member.name ?? null,
      params: member.params ?? null,
    }));
    const prepared = await this.rpc.call(
      internalOperations.messaging.campaignsPrepare,
      serviceRequest('campaigns', workspaceId, {
        channelId,
        template: { ...template, name, ...(language ? { language } : {}) },
        audience,
      }),
      30_000,
    );

    // Rule 3: blocked contacts are always excluded; the marks of earlier failures unless asked.
    const blocked = new Set(prepared.blocked);
    const failures = await this.runs.failuresOf(
      workspaceId,
      audience.map((r) => r.phoneNumber),
    );
    const exclusionOf = (phone: string): ExclusionReason | null => {
      if (blocked.has(phone)) return 'blocked';
      const failed = failures.get(phone) ?? 0;
      if (failed >= UNDELIVERABLE_AFTER && !sendToUndeliverable) return 'undeliverable';
      if (failed > 0 && failed < UNDELIVERABLE_AFTER && !sendToProblematic) return 'problematic';
      return null;
    };
    const exclusions: Record<ExclusionReason, number> = { blocked: 0, problematic: 0, undeliverable: 0 };
    const members: RunAudienceMember[] = audience.map((recipient) => {
      const excludedFor = exclusionOf(recipient.phoneNumber);
      if (excludedFor) exclusions[excludedFor]++;
      return { recipient, excludedFor };
    });
    const recipients = members.filter((member) => member.excludedFor === null);
    if (!recipients.length) {
      const allBlocked = audience.length > 0 && exclusions.blocked === audience.length;
      throw DomainError.refused(
        ErrorCode.Conflict,
        DomainReason.AudienceExcluded,
        allBlocked
          ? 'The entire audience is blocked: there is nobody to send to'
          : 'Every recipient of the audience is excluded (blocked, or marked by earlier failures)',
        { audience: audience.length, ...exclusions },
      );
    }

    // Rules 1-2: the responder agent for new conversations; a legacy phone reference keeps the channel's agent.
    const agentForNew = responderAgentId ?? (prepared.legacyChannelRef ? CHANNEL_DEFAULT_AGENT : null);
    const runs = dates.map((date, i) => ({
      id: runIds[i]!,
      workspaceId,
      campaignId: campaign.id,
      channelId: prepared.channelId,
      agentForNew,
      template: { ...template, name: prepared.templateName, language: prepared.templateLanguage },
      scheduledFor: date ? new Date(date) : null,
      excludedCount: audience.length - recipients.length,
      exclusions,
    }));
    try {
      await this.runs.create(runs, members);
    } catch (error) {
      // The same keyed request, created meanwhile by another attempt: its runs are the answer.
      const first = isUniqueViolation(error) ? await this.earlierRuns(workspaceId, runIds) : null;
      if (first) return first;
      throw error;
    }
    for (const run of runs) await this.workflows.start(run.id, run.scheduledFor);
    return queued(runs, recipients.length);
  }

  /** The runs a keyed request created, started (again: a start is idempotent by run id) and answered as at first; null when none. */
  private async earlierRuns(workspaceId: string, runIds: string[]) {
    const runs = (await this.runs.findMany(workspaceId, runIds)).sort((a, b) => runIds.indexOf(a.id) - runIds.indexOf(b.id));
    if (!runs.length) return null;
    for (const run of runs) await this.workflows.start(run.id, run.scheduledFor ?? null);
    return queued(runs, runs[0]!.recipientCount);
  }

  private async requireAgent(workspaceId: string, agentId: string): Promise<void> {
    try {
      await this.rpc.call(internalOperations.agents.describe, serviceRequest('campaigns', workspaceId, { agentId }));
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) {
        throw DomainError.validation([{ path: ['responderAgentId'], message: `no agent of the workspace has the id ${agentId}` }]);
      }
      throw error;
    }
  }
}

/** A send's answer: its runs queued. */
function queued(
  runs: { id: string; scheduledFor?: Date | null; excludedCount: number; exclusions: Record<ExclusionReason, number> }[],
  recipients: number,
) {
  return {
    status: 'success' as const,
    message: runs.length > 1 ? `Campaign queued: ${runs.length} runs` : 'Campaign queued',
    data: {
      status: 'queued' as const,
      runId: runs[0]!.id,
      runIds: runs.map((r) => r.id),
      recipients,
      excluded: runs[0]!.excludedCount,
      exclusions: runs[0]!.exclusions,
      scheduledDates: runs.flatMap((r) => (r.scheduledFor ? [r.scheduledFor.toISOString()] : [])),
    },
  };
}

/** One recipient per phone number (the first entry wins): nobody gets a run's message twice. */
function dedupe<T extends { phoneNumber: string }>(audience: T[]): T[] {
  const seen = new Set<string>();
  return audience.filter((member) => !seen.has(member.phoneNumber) && seen.add(member.phoneNumber));
}
