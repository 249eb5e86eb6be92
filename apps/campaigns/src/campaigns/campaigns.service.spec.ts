import {
  type campaignOperations as ops,
  internalOperations,
  workspaceOperations,
  type CampaignPrepareAnswer,
  type CampaignPrepareRequest,
  type Operation,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { serviceRequest } from '@platica/platform';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { CampaignRun } from '../runs/campaign-run.entity';
import { CampaignRunRepository, type NewRun, type RunAudienceMember } from '../runs/campaign-run.repository';
import { CampaignRunWorkflows } from '../runs/campaign-run.workflows';
import type { AudienceMember, Campaign } from './campaign.entity';
import { CampaignRepository } from './campaign.repository';
import { CampaignsService, CHANNEL_DEFAULT_AGENT } from './campaigns.service';

const NOW = '2026-11-20T12:00:00.000Z';
const auth = testAuth();

function campaign(fields: Partial<Campaign> = {}): Campaign {
  return {
    id: 'cmp_1',
    workspaceId: 'ws_1',
    title: 'Black Friday',
    category: 'marketing',
    platform: 'whatsapp',
    templateName: 'promo',
    templateLanguage: 'es_MX',
    owners: [],
    audience: [
      { phoneNumber: '5215550001', name: 'Ana' },
      { phoneNumber: '5215550002', params: ['Luis'] },
      { phoneNumber: '5215550001', name: 'Ana again' },
    ],
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-02T00:00:00Z'),
    ...fields,
  } as Campaign;
}

interface Options {
  campaign?: Campaign;
  /** Earlier campaign failures of each phone. */
  failures?: Record<string, number>;
  blocked?: string[];
  legacyChannelRef?: boolean;
}

/** The campaigns service's world: one campaign, the runs it stores and the workflows it starts; messaging prepares sends. */
function world(options: Options = {}) {
  const stored = options.campaign ?? campaign();
  const created: { runs: NewRun[]; audience: RunAudienceMember[] }[] = [];
  const started: { runId: string; scheduledFor: Date | null }[] = [];
  const updates: unknown[] = [];
  const built = newTestService(
    CampaignsService,
    fake(CampaignRepository, {
      find: async (workspaceId, id) => (workspaceId === stored.workspaceId && id === stored.id ? stored : null),
      get: async (workspaceIds, id) => {
        if (!workspaceIds.includes(stored.workspaceId) || id !== stored.id) throw DomainError.notFound('Campaign', id);
        return stored;
      },
      update: async (_workspaceId, _id, change) => {
        updates.push(change);
        return { ...stored, ...change, updatedAt: new Date(NOW) } as Campaign;
      },
    }),
    fake(CampaignRunRepository, {
      failuresOf: async (_workspaceId, phones) => new Map(phones.flatMap((p) => (options.failures?.[p] ? [[p, options.failures[p]]] : []))),
      create: async (runs, audience) => void created.push({ runs, audience }),
      listForCampaigns: async () => [
        {
          id: 'run_1',
          status: 'completed',
          channelId: 'wb-1',
          template: { name: 'promo' },
          scheduledFor: null,
          createdAt: new Date('2026-11-03T00:00:00Z'),
          completedAt: new Date('2026-11-03T00:05:00Z'),
          recipientCount: 2,
          excludedCount: 1,
        } as CampaignRun,
      ],
      counts: async (runIds) => new Map(runIds.map((runId) => [runId, { runId, sent: 1, failed: 1, unknown: 0, open: 0 }])),
    }),
    fake(CampaignRunWorkflows, { start: async (runId, scheduledFor) => void started.push({ runId, scheduledFor }) }),
  );
  built.rpc.answer(internalOperations.messaging.campaignsPrepare.subject, (body) => {
    const request = body as CampaignPrepareRequest;
    return {
      channelId: 'wb-1',
      legacyChannelRef: options.legacyChannelRef ?? false,
      templateName: request.template.name,
      templateLanguage: request.template.language ?? 'es',
      blocked: options.blocked ?? [],
    } satisfies CampaignPrepareAnswer;
  });
  return { ...built, created, started, updates };
}

function request<Op extends Operation = Operation>(body: unknown, workspaceId: string | undefined = 'ws_1'): OperationRequest<Op> {
  return { auth, workspaceId, params: { campaignId: 'cmp_1' }, query: {}, body, requestId: 'req_1' } as unknown as OperationRequest<Op>;
}

function sendBody(template: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return { channelId: '5215559999', template, ...extra };
}

describe('CampaignsService.describe', () => {
  it("answers another service with the workspace's campaign, and 404 for another workspace's", async () => {
    const { service } = world();
    expect(await service.describe(serviceRequest('messaging', 'ws_1', { campaignId: 'cmp_1' }))).toEqual({
      id: 'cmp_1',
      title: 'Black Friday',
    });
    const error = await refusal(service.describe(serviceRequest('messaging', 'ws_2', { campaignId: 'cmp_1' })));
    expect([error.code, error.status]).toEqual([ErrorCode.NotFound, 404]);
  });
});

describe('CampaignsService.get', () => {
  it("shows the campaign with its runs' counts, grouped under its own workspace only", async () => {
    const { service } = world();
    const answer = await service.get(request<typeof ops.get>(undefined, undefined));
    expect(answer.workspaces).toEqual([
      {
        id: 'ws_1',
        name: 'One',
        campaignsCount: 1,
        campaigns: [
          expect.objectContaining({
            id: 'cmp_1',
            runs: [
              expect.objectContaining({ runId: 'run_1', status: 'completed', recipients: 2, sent: 1, failed: 1, pending: 0, excluded: 1 }),
            ],
          }),
        ],
      },
    ]);
  });
});

describe('CampaignsService.update', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('refuses an empty change (400) and writes nothing', async () => {
    const { service, updates } = world();
    const error = await refusal(service.update(request<typeof ops.update>({})));
    expect([error.code, error.status]).toEqual([ErrorCode.Validation, 400]);
    expect(updates).toEqual([]);
  });

  it('refuses owners who are not users of the workspace, naming each by its index', async () => {
    const { service, rpc, updates } = world();
    rpc.answer(workspaceOperations.members.subject, () => ({ emails: ['ana@acme.test'] }));
    const error = await refusal(service.update(request<typeof ops.update>({ owners: ['Ana@Acme.test', 'eve@evil.test'] })));
    expect(error.details).toEqual([{ path: ['owners', 1], message: '"eve@evil.test" is not a user of the workspace' }]);
    expect(updates).toEqual([]);
  });

  it('refuses a template the workspace does not have as a 400 on templateName; other failures pass through', async () => {
    const { service, rpc, updates } = world();
    rpc.answer(internalOperations.messaging.templatesDescribe.subject, () => {
      throw DomainError.notFound('Template', 'nope');
    });
    const error = await refusal(service.update(request<typeof ops.update>({ templateName: 'nope' })));
    expect(error.details).toEqual([{ path: ['templateName'], message: 'the workspace has no template named "nope"' }]);
    expect(rpc.bodiesTo(internalOperations.messaging.templatesDescribe.subject)).toEqual([{ name: 'nope' }]);

    rpc.answer(internalOperations.messaging.templatesDescribe.subject, () => {
      throw new DomainError(ErrorCode.Unavailable, 'messaging is down');
    });
    expect((await refusal(service.update(request<typeof ops.update>({ templateName: 'nope' })))).code).toBe(ErrorCode.Unavailable);
    expect(updates).toEqual([]);
  });

  it('applies a checked change and answers the campaign as updated', async () => {
    const { service, rpc, updates } = world();
    rpc.answer(internalOperations.messaging.templatesDescribe.subject, () => ({ name: 'winter' }));
    const answer = await service.update(request<typeof ops.update>({ title: 'Winter', templateName: 'winter' }));
    expect(updates).toEqual([{ title: 'Winter', templateName: 'winter' }]);
    expect(answer).toEqual({
      status: 'success',
      message: 'Campaign updated',
      data: expect.objectContaining({ id: 'cmp_1', title: 'Winter', templateName: 'winter', lastUpdate: NOW }),
    });
  });
});

describe('CampaignsService.send', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("sends the campaign's template to each phone of its audience once, as one run started now", async () => {
    const { service, rpc, created, started } = world();
    const answer = await service.send(request<typeof ops.send>(sendBody()));
    expect(rpc.bodiesTo(internalOperations.messaging.campaignsPrepare.subject)).toEqual([
      {
        channelId: '5215559999',
        template: { name: 'promo', language: 'es_MX' },
        audience: [
          { phoneNumber: '5215550001', name: 'Ana', params: null },
          { phoneNumber: '5215550002', name: null, params: ['Luis'] },
        ],
      },
    ]);
    expect(created).toHaveLength(1);
    const [run] = created[0]!.runs;
    expect(run).toMatchObject({
      workspaceId: 'ws_1',
      campaignId: 'cmp_1',
      channelId: 'wb-1',
      agentForNew: null,
      template: { name: 'promo', language: 'es_MX' },
      scheduledFor: null,
      excludedCount: 0,
    });
    expect(created[0]!.audience.map((m) => [m.recipient.phoneNumber, m.excludedFor])).toEqual([
      ['5215550001', null],
      ['5215550002', null],
    ]);
    expect(started).toEqual([{ runId: run!.id, scheduledFor: null }]);
    expect(answer).toEqual({
      status: 'success',
      message: 'Campaign queued',
      data: {
        status: 'queued',
        runId: run!.id,
        runIds: [run!.id],
        recipients: 2,
        excluded: 0,
        exclusions: { blocked: 0, problematic: 0, undeliverable: 0 },
        scheduledDates: [],
      },
    });
  });

  it("a template named in the send goes without the campaign's language, unless it names one", async () => {
    const { service, rpc } = world();
    await service.send(request<typeof ops.send>(sendBody({ name: 'other' })));
    await service.send(request<typeof ops.send>(sendBody({ name: 'other', language: 'en' })));
    const templates = rpc
      .bodiesTo(internalOperations.messaging.campaignsPrepare.subject)
      .map((b) => (b as CampaignPrepareRequest).template);
    expect(templates).toEqual([{ name: 'other' }, { name: 'other', language: 'en' }]);
  });

  it('refuses a send without a template when the campaign has none configured (400 on template.name), before asking messaging', async () => {
    const { service, rpc, created } = world({ campaign: campaign({ templateName: null }) });
    const error = await refusal(service.send(request<typeof ops.send>(sendBody())));
    expect([error.status, error.details]).toEqual([
      400,
      [{ path: ['template', 'name'], message: expect.stringContaining('no configured template') }],
    ]);
    expect([rpc.calls, created]).toEqual([[], []]);
  });

  it('refuses scheduled dates that are not in the future, naming each by its index', async () => {
    const { service, created } = world();
    const dates = ['2026-11-21T09:00:00Z', NOW, '2026-11-19T09:00:00Z'];
    const error = await refusal(service.send(request<typeof ops.send>(sendBody({ scheduledDates: dates }))));
    expect(error.details).toEqual([
      { path: ['template', 'scheduledDates', 1], message: 'must be in the future' },
      { path: ['template', 'scheduledDates', 2], message: 'must be in the future' },
    ]);
    expect(created).toEqual([]);
  });

  it('refuses a responder agent the workspace does not have (400 on responderAgentId)', async () => {
    const { service, rpc, created } = world();
    rpc.answer(internalOperations.agents.describe.subject, () => {
      throw DomainError.notFound('Agent', 'agt_x');
    });
    const error = await refusal(service.send(request<typeof ops.send>(sendBody({}, { responderAgentId: 'agt_x' }))));
    expect(error.details).toEqual([{ path: ['responderAgentId'], message: 'no agent of the workspace has the id agt_x' }]);
    expect(created).toEqual([]);
  });

  it('names the responder agent for new conversations; a legacy phone reference to the channel keeps its default agent', async () => {
    const named = world({ legacyChannelRef: true });
    named.rpc.answer(internalOperations.agents.describe.subject, () => ({ id: 'agt_1', status: 'active' }));
    await named.service.send(request<typeof ops.send>(sendBody({}, { responderAgentId: 'agt_1' })));
    expect(named.created[0]!.runs[0]!.agentForNew).toBe('agt_1');

    const legacy = world({ legacyChannelRef: true });
    await legacy.service.send(request<typeof ops.send>(sendBody()));
    expect(legacy.created[0]!.runs[0]!.agentForNew).toBe(CHANNEL_DEFAULT_AGENT);
  });

  it('excludes blocked contacts always, and those marked by earlier failures unless the send asks for them', async () => {
    const audience: AudienceMember[] = ['1', '2', '3', '4'].map((n) => ({ phoneNumber: `521555000${n}` }));
    const failures = { '5215550002': 1, '5215550003': 3 };
    const cautious = world({ campaign: campaign({ audience }), blocked: ['5215550001'], failures });
    const answer = await cautious.service.send(request<typeof ops.send>(sendBody()));
    expect(cautious.created[0]!.audience.map((m) => m.excludedFor)).toEqual(['blocked', 'problematic', 'undeliverable', null]);
    expect(answer.data).toMatchObject({ recipients: 1, excluded: 3, exclusions: { blocked: 1, problematic: 1, undeliverable: 1 } });
    expect(cautious.created[0]!.runs[0]).toMatchObject({ excludedCount: 3, exclusions: { blocked: 1, problematic: 1, undeliverable: 1 } });

    const bold = world({ campaign: campaign({ audience }), blocked: ['5215550001'], failures });
    await bold.service.send(request<typeof ops.send>(sendBody({ sendToProblematic: true, sendToUndeliverable: true })));
    expect(bold.created[0]!.audience.map((m) => m.excludedFor)).toEqual(['blocked', null, null, null]);
  });

  it('refuses (409 audience_excluded) when nobody is left, saying whether the whole audience is blocked, and stores no run', async () => {
    const audience: AudienceMember[] = [{ phoneNumber: '5215550001' }, { phoneNumber: '5215550002' }];
    const blocked = world({ campaign: campaign({ audience }), blocked: ['5215550001', '5215550002'] });
    const allBlocked = await refusal(blocked.service.send(request<typeof ops.send>(sendBody())));
    expect([allBlocked.code, allBlocked.status]).toEqual([ErrorCode.Conflict, 409]);
    expect(allBlocked.message).toContain('entire audience is blocked');
    expect(allBlocked.details).toEqual({
      reason: DomainReason.AudienceExcluded,
      audience: 2,
      blocked: 2,
      problematic: 0,
      undeliverable: 0,
    });
    expect([blocked.created, blocked.started]).toEqual([[], []]);

    const marked = world({ campaign: campaign({ audience }), blocked: ['5215550001'], failures: { '5215550002': 5 } });
    const excluded = await refusal(marked.service.send(request<typeof ops.send>(sendBody())));
    expect(excluded.message).toContain('Every recipient of the audience is excluded');
    expect(excluded.details).toMatchObject({ blocked: 1, undeliverable: 1 });
  });

  it('stores one run per distinct scheduled date, earliest first, each workflow started for its date', async () => {
    const { service, created, started } = world();
    const dates = ['2026-11-22T09:00:00.000Z', '2026-11-21T09:00:00Z', '2026-11-22T09:00:00.000Z'];
    const answer = await service.send(request<typeof ops.send>(sendBody({ scheduledDates: dates })));
    const runs = created[0]!.runs;
    expect(runs.map((r) => r.scheduledFor?.toISOString())).toEqual(['2026-11-21T09:00:00.000Z', '2026-11-22T09:00:00.000Z']);
    expect(started).toEqual(runs.map((r) => ({ runId: r.id, scheduledFor: r.scheduledFor })));
    expect(answer.message).toBe('Campaign queued: 2 runs');
    expect(answer.data).toMatchObject({
      runId: runs[0]!.id,
      runIds: runs.map((r) => r.id),
      scheduledDates: ['2026-11-21T09:00:00.000Z', '2026-11-22T09:00:00.000Z'],
    });
  });
});
