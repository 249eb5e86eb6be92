import { randomBytes } from 'node:crypto';
import type { AuthContext } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import type { ServiceConfig } from '@platica/platform';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { CampaignPageTokens } from '../page-tokens';
import type { CampaignRecipient, CampaignRun } from '../runs/campaign-run.entity';
import { CampaignRunRepository } from '../runs/campaign-run.repository';
import type { Campaign } from './campaign.entity';
import { CampaignRepository } from './campaign.repository';
import { CampaignListsService } from './campaign-lists.service';

const tokens = new CampaignPageTokens({
  values: { PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PLATICA_ENCRYPTION_KEYS_PREVIOUS: [] },
} as unknown as ServiceConfig);

function campaign(id: string, workspaceId: string, createdAt: string): Campaign {
  return {
    id,
    workspaceId,
    title: `Campaign ${id}`,
    category: 'MARKETING',
    platform: 'whatsapp',
    templateName: 'promo',
    message: null,
    template: null,
    language: 'es',
    templateLanguage: 'es_MX',
    wabaId: null,
    owners: [],
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  } as unknown as Campaign;
}

function run(id: string, campaignId: string, workspaceId = 'ws_1'): CampaignRun {
  return {
    id,
    workspaceId,
    campaignId,
    channelId: 'ch_1',
    template: { name: 'promo' },
    scheduledFor: null,
    status: 'running',
    recipientCount: 4,
    excludedCount: 1,
    createdAt: new Date('2026-11-27T10:00:00Z'),
    completedAt: null,
  } as unknown as CampaignRun;
}

function recipient(position: number, fields: Partial<CampaignRecipient> = {}): CampaignRecipient {
  return {
    runId: 'run_1',
    position,
    phoneNumber: `+52155501${String(position).padStart(2, '0')}`,
    name: null,
    params: null,
    messageId: null,
    status: 'pending',
    error: null,
    updatedAt: new Date('2026-11-27T10:05:00Z'),
    ...fields,
  } as CampaignRecipient;
}

/** Campaigns newest first, their runs and recipients in memory; the repositories' calls recorded. */
function world() {
  const campaigns = [
    campaign('cmp_3', 'ws_1', '2026-11-27T03:00:00Z'),
    campaign('cmp_9', 'ws_2', '2026-11-27T02:30:00Z'),
    campaign('cmp_2', 'ws_1', '2026-11-27T02:00:00Z'),
    campaign('cmp_1', 'ws_1', '2026-11-27T01:00:00Z'),
  ];
  const runs = [run('run_1', 'cmp_3'), run('run_9', 'cmp_9', 'ws_2')];
  const recipients = [
    recipient(0, { status: 'sent', messageId: 'msg_1' }),
    recipient(1, { status: 'attempting' }),
    recipient(2, { status: 'excluded', error: 'blocked' }),
    recipient(3, { status: 'failed', error: 'template paused', name: 'Ana' }),
  ];
  const calls: unknown[][] = [];
  const built = newTestService(
    CampaignListsService,
    fake(CampaignRepository, {
      list: async (workspaceId, q, after, limit) => {
        calls.push(['list', workspaceId, q, after, limit]);
        return campaigns.filter((c) => c.workspaceId === workspaceId && (!after || c.createdAt < after.createdAt)).slice(0, limit);
      },
      find: async (workspaceId, id) => campaigns.find((c) => c.id === id && c.workspaceId === workspaceId) ?? null,
    }),
    fake(CampaignRunRepository, {
      latestOf: async (ids) => new Map(runs.filter((r) => ids.includes(r.campaignId)).map((r) => [r.campaignId, r])),
      counts: async (ids) => new Map(ids.map((id) => [id, { runId: id, sent: 1, failed: 1, unknown: 0, open: 1 }])),
      findOf: async (workspaceId, campaignId, runId) =>
        runs.find((r) => r.id === runId && r.campaignId === campaignId && r.workspaceId === workspaceId) ?? null,
      recipients: async (runId, statuses, after, limit) => {
        calls.push(['recipients', runId, statuses, after, limit]);
        return recipients.filter((r) => r.position > after && (!statuses || statuses.includes(r.status))).slice(0, limit);
      },
    }),
    fake(CampaignPageTokens, { encode: (...args) => tokens.encode(...args), decode: (...args) => tokens.decode(...args) }),
  );
  return { ...built, calls };
}

function request(fields: { workspaceId?: string; params?: object; query?: object; auth?: AuthContext }) {
  return { auth: testAuth(), params: {}, query: {}, body: undefined, requestId: 'req_1', workspaceId: 'ws_1', ...fields } as never;
}

describe('CampaignListsService.list', () => {
  it("lists the workspace's campaigns with their latest run and its counts, and a token when there are more", async () => {
    const { service, calls } = world();
    const first = await service.list(request({ query: { limit: 2 } }));
    expect(first.count).toBe(2);
    expect(first.campaigns.map((c) => c.id)).toEqual(['cmp_3', 'cmp_2']);
    expect(first.campaigns[0]).toMatchObject({
      title: 'Campaign cmp_3',
      creationDate: '2026-11-27T03:00:00.000Z',
      lastRun: { runId: 'run_1', status: 'running', recipients: 4, sent: 1, failed: 1, pending: 1, excluded: 1 },
    });
    expect(first.campaigns[1]!.lastRun).toBeNull();
    expect(calls[0]).toEqual(['list', 'ws_1', undefined, null, 3]);

    const second = await service.list(request({ query: { limit: 2, pageToken: first.nextPageToken } }));
    expect(calls[1]).toEqual(['list', 'ws_1', undefined, { createdAt: new Date('2026-11-27T02:00:00Z'), id: 'cmp_2' }, 3]);
    expect(second.campaigns.map((c) => c.id)).toEqual(['cmp_1']);
    expect(second).not.toHaveProperty('nextPageToken');
  });

  it('refuses a token replayed with another search or in another workspace (400 naming pageToken), before any query', async () => {
    const { service, calls } = world();
    const { nextPageToken } = await service.list(request({ query: { limit: 1 } }));
    const searched = await refusal(service.list(request({ query: { limit: 1, q: 'promo', pageToken: nextPageToken } })));
    expect([searched.code, (searched.details as { path: string[] }[])[0]!.path]).toEqual([ErrorCode.Validation, ['pageToken']]);
    const elsewhere = await refusal(service.list(request({ workspaceId: 'ws_2', query: { limit: 1, pageToken: nextPageToken } })));
    expect((elsewhere.details as { path: string[] }[])[0]!.path).toEqual(['pageToken']);
    expect(calls).toHaveLength(1);
  });

  it("passes the search on and lists only the write workspace's campaigns", async () => {
    const { service, calls } = world();
    const answer = await service.list(request({ workspaceId: 'ws_2', query: { limit: 10, q: 'promo' } }));
    expect(calls[0]).toEqual(['list', 'ws_2', 'promo', null, 11]);
    expect(answer.campaigns.map((c) => [c.id, c.lastRun?.runId])).toEqual([['cmp_9', 'run_9']]);
  });
});

describe('CampaignListsService.recipients', () => {
  const params = { campaignId: 'cmp_3', runId: 'run_1' };

  it("shows a run's recipients as a reader sees them: attempting is pending, an exclusion's reason apart from errors", async () => {
    const { service } = world();
    const answer = await service.recipients(request({ params, query: { limit: 10 } }));
    expect(answer).toEqual({
      campaignId: 'cmp_3',
      runId: 'run_1',
      count: 4,
      recipients: [
        {
          position: 0,
          phoneNumber: '+5215550100',
          name: null,
          status: 'sent',
          reason: null,
          error: null,
          messageId: 'msg_1',
          sentAt: '2026-11-27T10:05:00.000Z',
          updatedAt: '2026-11-27T10:05:00.000Z',
        },
        expect.objectContaining({ position: 1, status: 'pending', sentAt: null }),
        expect.objectContaining({ position: 2, status: 'excluded', reason: 'blocked', error: null }),
        expect.objectContaining({ position: 3, status: 'failed', reason: null, error: 'template paused', name: 'Ana' }),
      ],
    });
  });

  it('pages by position with a token bound to the status filter (in any order)', async () => {
    const { service, calls } = world();
    const first = await service.recipients(request({ params, query: { limit: 1, status: ['sent', 'failed'] } }));
    expect(first.recipients.map((r) => r.position)).toEqual([0]);
    expect(calls[0]).toEqual(['recipients', 'run_1', ['sent', 'failed'], -1, 2]);
    const second = await service.recipients(
      request({ params, query: { limit: 1, status: ['failed', 'sent'], pageToken: first.nextPageToken } }),
    );
    expect(calls[1]).toEqual(['recipients', 'run_1', ['failed', 'sent'], 0, 2]);
    expect(second.recipients.map((r) => r.position)).toEqual([3]);
    expect(second).not.toHaveProperty('nextPageToken');
    const changed = await refusal(
      service.recipients(request({ params, query: { limit: 1, status: ['sent'], pageToken: first.nextPageToken } })),
    );
    expect((changed.details as { path: string[] }[])[0]!.path).toEqual(['pageToken']);
  });

  it("answers 404 naming the campaign when it is unknown or another workspace's, and the run when only it is missing", async () => {
    const { service, calls } = world();
    const other = await refusal(service.recipients(request({ params: { campaignId: 'cmp_9', runId: 'run_9' }, query: { limit: 10 } })));
    expect([other.code, other.message]).toEqual([ErrorCode.NotFound, expect.stringContaining('Campaign')]);
    expect(other.details).toEqual(expect.objectContaining({ id: 'cmp_9' }));
    const noRun = await refusal(service.recipients(request({ params: { campaignId: 'cmp_2', runId: 'run_1' }, query: { limit: 10 } })));
    expect([noRun.code, noRun.message]).toEqual([ErrorCode.NotFound, expect.stringContaining('Campaign run')]);
    expect(noRun.details).toEqual(expect.objectContaining({ id: 'run_1' }));
    expect(calls).toEqual([]);
  });
});
