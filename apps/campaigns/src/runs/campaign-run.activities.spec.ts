import { MockActivityEnvironment } from '@temporalio/testing';
import {
  internalOperations,
  type CampaignDeliverAnswer,
  type CampaignDeliverRequest,
  type CampaignScheduleRequest,
} from '@platica/contracts';
import { fake, newTestService } from '@platica/testing/test-service';
import { CampaignsConfigService, type CampaignsConfig } from '../campaigns.config';
import { CampaignRunActivitiesFactory } from './campaign-run.activities';
import type { CampaignRun, RecipientStatus } from './campaign-run.entity';
import { CampaignRunRepository, type ClaimedRecipient } from './campaign-run.repository';

const DELIVER = internalOperations.messaging.campaignsDeliver.subject;
const SCHEDULE = internalOperations.messaging.campaignsSchedule.subject;

function recipients(count: number, from = 0): ClaimedRecipient[] {
  return Array.from({ length: count }, (_, i) => ({
    position: from + i,
    messageId: `msg_${from + i}`,
    recipient: { phoneNumber: `52155500${String(from + i).padStart(2, '0')}`, name: null, params: null },
    retry: false,
  }));
}

type Outcome = CampaignDeliverAnswer['results'][number];

/**
 * A run's recipients claimed a slice at a time from memory, messaging answering each batch by
 * `outcomeOf` (a batch it never answers when that throws), and the rate of the run's channel.
 */
function world(options: { run?: Partial<CampaignRun>; audience?: number; rate?: number; outcomeOf?: (messageId: string) => Outcome } = {}) {
  const run = {
    id: 'run_1',
    workspaceId: 'ws_1',
    campaignId: 'cmp_1',
    channelId: 'wb-1',
    agentForNew: null,
    template: { name: 'promo', language: 'es' },
    status: 'sending',
    scheduledFor: null,
    ...options.run,
  } as CampaignRun;
  const open = recipients(options.audience ?? 30);
  const claims: number[] = [];
  const recorded: { position: number; status: RecipientStatus; error: string | null }[] = [];
  const marked: { refused: string[]; delivered: string[] }[] = [];
  const statuses: string[] = [];
  const built = newTestService(
    CampaignRunActivitiesFactory,
    fake(CampaignRunRepository, {
      find: async (id) => (id === run.id ? run : null),
      setStatus: async (_id, status) => void statuses.push(status),
      claim: async (_id, limit) => {
        claims.push(limit);
        return open.splice(0, limit);
      },
      page: async (_id, limit, after) =>
        recipients(options.audience ?? 30)
          .filter((r) => r.position > after)
          .slice(0, limit),
      record: async (_id, outcomes) => void recorded.push(...outcomes),
      markContacts: async (_workspaceId, refused, delivered) => void marked.push({ refused, delivered }),
      openCount: async () => open.length,
    }),
    fake(CampaignsConfigService, { rateOf: () => options.rate ?? 0, values: {} as CampaignsConfig }),
  );
  const outcomeOf =
    options.outcomeOf ?? ((messageId: string) => ({ messageId, outcome: 'sent' as const, error: null, graphRefused: false }));
  built.rpc.answer(DELIVER, (body) => ({ results: (body as CampaignDeliverRequest).items.map((item) => outcomeOf(item.messageId)) }));
  built.rpc.answer(SCHEDULE, (body) => ({ scheduled: (body as CampaignScheduleRequest).items.length }));
  const activities = built.service.activities();
  const environment = new MockActivityEnvironment();
  return {
    ...built,
    claims,
    recorded,
    marked,
    statuses,
    slice: () => environment.run(activities.sendCampaignSlice, run.id),
    prepare: () => environment.run(activities.prepareCampaignRun, run.id),
    batches: () => built.rpc.bodiesTo(DELIVER).map((b) => (b as CampaignDeliverRequest).items.map((item) => item.messageId)),
  };
}

describe('CampaignRunActivitiesFactory, a slice of a run', () => {
  it('hands every open recipient to messaging in batches of 25 and records each as sent', async () => {
    const w = world({ audience: 30 });
    expect(await w.slice()).toEqual({ open: 0 });
    expect(w.batches().map((b) => b.length)).toEqual([25, 5]);
    expect(w.rpc.bodiesTo(DELIVER)[0]).toMatchObject({ runId: 'run_1', campaignId: 'cmp_1', channelId: 'wb-1', scheduled: false });
    expect(w.recorded).toHaveLength(30);
    expect(new Set(w.recorded.map((o) => o.status))).toEqual(new Set(['sent']));
    expect(w.marked.flatMap((m) => m.delivered)).toHaveLength(30);
  });

  it("records messaging's outcomes: a cancelled send as failed, an unknown as unknown, one under way elsewhere not at all", async () => {
    const outcomes: Record<string, Outcome> = {
      msg_0: { messageId: 'msg_0', outcome: 'sent', error: null, graphRefused: false },
      msg_1: { messageId: 'msg_1', outcome: 'failed', error: '(#131026) undeliverable', graphRefused: true },
      msg_2: { messageId: 'msg_2', outcome: 'cancelled', error: null, graphRefused: false },
      msg_3: { messageId: 'msg_3', outcome: 'unknown', error: null, graphRefused: false },
      msg_4: { messageId: 'msg_4', outcome: 'retry', error: null, graphRefused: false },
    };
    const w = world({ audience: 5, outcomeOf: (id) => outcomes[id]! });
    await w.slice();
    expect(w.recorded).toEqual([
      { position: 0, status: 'sent', error: null },
      { position: 1, status: 'failed', error: '(#131026) undeliverable' },
      { position: 2, status: 'failed', error: 'cancelled' },
      { position: 3, status: 'unknown', error: null },
    ]);
    expect(w.marked).toEqual([{ refused: ['5215550001'], delivered: ['5215550000'] }]);
  });

  it('marks a scheduled run as sending when its first slice starts', async () => {
    const w = world({ run: { status: 'scheduled', scheduledFor: new Date('2026-11-21T09:00:00Z') }, audience: 1 });
    await w.slice();
    expect(w.statuses).toEqual(['sending']);
    expect(w.rpc.bodiesTo(DELIVER)[0]).toMatchObject({ scheduled: true });
  });

  it('sends nothing for a completed run', async () => {
    const w = world({ run: { status: 'completed' } });
    expect(await w.slice()).toEqual({ open: 0 });
    expect([w.claims, w.rpc.calls]).toEqual([[], []]);
  });

  it('fails the slice, to be retried, when messaging does not answer a batch; the answered batches are recorded', async () => {
    const w = world({ audience: 30 });
    w.rpc.answer(DELIVER, (body) => {
      const items = (body as CampaignDeliverRequest).items;
      if (items.length < 25) throw new Error('messaging timed out');
      return { results: items.map((item) => ({ messageId: item.messageId, outcome: 'sent', error: null, graphRefused: false })) };
    });
    await expect(w.slice()).rejects.toThrow('messaging timed out');
    expect(w.recorded).toHaveLength(25);
  });

  it("claims and batches by the channel's rate: twice a second's worth claimed, a quarter second's worth per batch", async () => {
    const w = world({ audience: 3, rate: 4 });
    await w.slice();
    expect(w.claims[0]).toBe(8);
    expect(w.batches()).toEqual([['msg_0'], ['msg_1'], ['msg_2']]);
  });
});

describe('CampaignRunActivitiesFactory, preparing a dated run', () => {
  it("hands its recipients to messaging as scheduled messages at the run's date, a page at a time", async () => {
    const w = world({ run: { status: 'scheduled', scheduledFor: new Date('2026-11-21T09:00:00Z') }, audience: 1_500 });
    await w.prepare();
    const pages = w.rpc.bodiesTo(SCHEDULE) as CampaignScheduleRequest[];
    expect(pages.map((p) => p.items.length)).toEqual([1_000, 500]);
    expect(pages[0]).toMatchObject({ runId: 'run_1', campaignId: 'cmp_1', channelId: 'wb-1', executeAt: '2026-11-21T09:00:00.000Z' });
    expect(pages[1]!.items[0]).toEqual({ messageId: 'msg_1000', recipient: expect.objectContaining({ phoneNumber: '521555001000' }) });
  });

  it('fails for a run that does not exist', async () => {
    const w = world();
    const activities = w.service.activities();
    await expect(new MockActivityEnvironment().run(activities.prepareCampaignRun, 'run_x')).rejects.toThrow('campaign run run_x not found');
  });
});
