import type { CampaignDeliverRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { serviceRequest } from '@platica/platform';
import { fake, newTestService } from '@platica/testing/test-service';
import { ChannelRepository } from '../channels/channel.repository';
import { BatchTransaction } from '../messages/batch-transaction.repository';
import { MessageRepository } from '../messages/message.repository';
import type { SendOptions } from '../messages/send-command';
import { SendMessageService } from '../messages/send-message.service';
import { ScheduledMessageRepository } from '../scheduled/scheduled-message.repository';
import { TemplateRepository } from '../templates/template.repository';
import { CampaignDeliveryRepository, type DeliveryRecord } from './campaign-delivery.repository';
import { CampaignSendsService } from './campaign-sends.service';
import { CreditService } from '../usage/credit.service';

/** What the send path does with a recipient's message: Graph accepts it, refuses it, a rule refuses it first, or the process dies mid-call. */
type Behaviour = 'accepted' | 'graph-refuses' | 'rule-refuses' | 'crashes' | 'database-down';

/**
 * The send path as a campaign send sees it, run through the hooks the service gives it
 * (`beforeDelivery` records the attempt, `onDelivered` Meta's acceptance), and the delivery
 * records those hooks write.
 */
function world(
  options: {
    behaviour?: Record<string, Behaviour>;
    records?: Record<string, DeliveryRecord>;
    stored?: Record<string, 'sent' | 'failed'>;
    scheduled?: Record<string, { claimed: boolean; status: string | null }>;
    /** The first this many attempt writes are made, but their answer is lost (the database went away before it). */
    recordAnswersLost?: number;
  } = {},
) {
  const records = new Map(Object.entries(options.records ?? {}));
  let recordAnswersLost = options.recordAnswersLost ?? 0;
  const graphCalls: string[] = [];
  const sendOptions = new Map<string, SendOptions>();
  const scheduledFailures: { messageId: string; error: string }[] = [];
  const built = newTestService(
    CampaignSendsService,
    // No credit limit here (credit.service.spec.ts decides it).
    fake(CreditService, { requireCredit: async () => {}, observe: () => {} }),
    fake(SendMessageService, {
      openConversations: async () => new Map(),
      storedOutcome: async (messageId) => options.stored?.[messageId] ?? null,
      sendTemplateMessage: async (command, sendOptions_ = {}) => {
        const messageId = sendOptions_.messageId!;
        sendOptions.set(messageId, sendOptions_);
        const behaviour = options.behaviour?.[command.body.conversationId] ?? 'accepted';
        if (behaviour === 'rule-refuses')
          throw DomainError.refused(ErrorCode.Unprocessable, DomainReason.ClientBlocked, 'The client is blocked');
        if (behaviour === 'database-down') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        if (sendOptions_.delivered) return { messageId, status: 'sent', timestamp: '' };
        await sendOptions_.beforeDelivery!();
        graphCalls.push(messageId);
        if (behaviour === 'crashes') throw new Error('socket hang up');
        if (behaviour === 'graph-refuses')
          throw new DomainError(ErrorCode.UpstreamFailed, "Meta's Graph API refused the message: (#131026)");
        await sendOptions_.onDelivered!(`wamid.${messageId}`);
        return { messageId, status: 'sent', timestamp: '' };
      },
    }),
    fake(CampaignDeliveryRepository, {
      begin: async (attempts) => {
        const first = new Set<string>();
        for (const { messageId, attemptId } of attempts) {
          if (records.has(messageId)) continue;
          records.set(messageId, { status: 'attempting', externalId: null, error: null, attemptId });
          first.add(messageId);
        }
        if (recordAnswersLost-- > 0) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        return first;
      },
      takeOver: async (messageId, from, to) => {
        const record = records.get(messageId);
        if (record?.status !== 'attempting' || record.attemptId !== from) return false;
        records.set(messageId, { ...record, attemptId: to });
        return true;
      },
      delivered: async (deliveries) => {
        for (const { messageId, externalId } of deliveries)
          records.set(messageId, { status: 'delivered', externalId, error: null, attemptId: records.get(messageId)?.attemptId ?? null });
      },
      failed: async (messageId, error) => {
        records.set(messageId, { status: 'failed', externalId: null, error, attemptId: records.get(messageId)?.attemptId ?? null });
      },
      find: async (messageId) => records.get(messageId) ?? null,
      claimScheduled: async (messageId) => options.scheduled?.[messageId] ?? { claimed: true, status: 'pending' },
      failScheduled: async (messageId, error) => {
        scheduledFailures.push({ messageId, error });
      },
    }),
    fake(ChannelRepository, {}),
    fake(TemplateRepository, {}),
    fake(ScheduledMessageRepository, {}),
    fake(BatchTransaction, {}),
    fake(MessageRepository, {}),
  );
  return { ...built, records, graphCalls, sendOptions, scheduledFailures };
}

function deliver(items: { messageId: string; phone: string; retry?: boolean }[], extra: Partial<CampaignDeliverRequest> = {}) {
  return serviceRequest<CampaignDeliverRequest>('campaigns', 'ws_1', {
    runId: 'run_1',
    campaignId: 'cmp_1',
    channelId: 'ch_wa',
    agentForNew: null,
    scheduled: false,
    template: { name: 'promo', language: 'es' },
    items: items.map(({ messageId, phone, retry = false }) => ({
      messageId,
      recipient: { phoneNumber: phone, name: null, params: null },
      retry,
    })),
    ...extra,
  });
}

describe('CampaignSendsService.deliver', () => {
  it('sends each recipient its message, recording the attempt before Graph and Meta’s id after', async () => {
    const w = world();
    const { results } = await w.service.deliver(
      deliver([
        { messageId: 'm1', phone: '+5511900000001' },
        { messageId: 'm2', phone: '5511900000002' },
      ]),
    );
    expect(results.map((r) => [r.messageId, r.outcome])).toEqual([
      ['m1', 'sent'],
      ['m2', 'sent'],
    ]);
    expect(w.records.get('m1')).toEqual({ status: 'delivered', externalId: 'wamid.m1', error: null, attemptId: expect.any(String) });
    expect(w.sendOptions.get('m1')).toMatchObject({ messageId: 'm1', agentForNew: null });
  });

  it("Graph's refusal is a failed send marked graphRefused, and its record says why", async () => {
    const w = world({ behaviour: { '5511900000001': 'graph-refuses' } });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    expect(results[0]).toMatchObject({ outcome: 'failed', graphRefused: true });
    expect(w.records.get('m1')).toMatchObject({ status: 'failed', error: expect.stringContaining('131026') });
  });

  it("a rule's refusal fails the send before any Graph call; a dated run's message is failed with it", async () => {
    const w = world({ behaviour: { '5511900000001': 'rule-refuses' } });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }], { scheduled: false }));
    expect(results[0]).toMatchObject({ outcome: 'failed', graphRefused: false, error: 'The client is blocked' });
    expect(w.graphCalls).toEqual([]);
    expect(w.scheduledFailures).toEqual([]);
  });

  it('an attempt another handler recorded first is answered retry, without calling Graph', async () => {
    const w = world({ records: { m1: { status: 'attempting', externalId: null, error: null, attemptId: null } } });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    expect(results[0]!.outcome).toBe('retry');
    expect(w.graphCalls).toEqual([]);
  });

  it('a database outage before the attempt is answered retry, and the message is sent when asked again', async () => {
    const w = world({ behaviour: { '5511900000001': 'database-down' } });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    expect(results[0]!.outcome).toBe('retry');
    expect(w.graphCalls).toEqual([]);

    const again = world();
    const retried = await again.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
    expect(retried.results[0]!.outcome).toBe('sent');
    expect(again.graphCalls).toEqual(['m1']);
  });

  it('a process cut during the Graph call leaves the message unknown, never sent again', async () => {
    const w = world({ behaviour: { '5511900000001': 'crashes' } });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    expect(results[0]!.outcome).toBe('unknown');

    const again = world({ records: { m1: { status: 'attempting', externalId: null, error: null, attemptId: null } } });
    const retried = await again.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
    expect(retried.results[0]!.outcome).toBe('unknown');
    expect(again.graphCalls).toEqual([]);
  });

  it('an attempt whose record was written but whose answer was lost is sent once when asked again, by the process that knows', async () => {
    const w = world({ recordAnswersLost: 1 });
    const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    expect(results[0]!.outcome).toBe('retry');
    expect(w.records.get('m1')).toMatchObject({ status: 'attempting' });
    expect(w.graphCalls).toEqual([]);

    const retried = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
    expect(retried.results[0]!.outcome).toBe('sent');
    expect(w.graphCalls).toEqual(['m1']);
    expect(w.records.get('m1')).toMatchObject({ status: 'delivered', externalId: 'wamid.m1' });
    // Sent: asked once more, it is not sent again.
    const third = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
    expect(third.results[0]!.outcome).toBe('sent');
    expect(w.graphCalls).toEqual(['m1']);
  });

  it('another process, which cannot know whether that attempt called Graph, answers it unknown', async () => {
    const w = world({ recordAnswersLost: 1 });
    await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }]));
    const other = world({ records: { m1: w.records.get('m1')! } });
    const retried = await other.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
    expect(retried.results[0]!.outcome).toBe('unknown');
    expect(other.graphCalls).toEqual([]);
  });

  describe('a retried item: what was recorded decides, Graph is never called twice', () => {
    it('a stored message answers its outcome', async () => {
      const w = world({ stored: { m1: 'sent', m2: 'failed' } });
      const { results } = await w.service.deliver(
        deliver([
          { messageId: 'm1', phone: '5511900000001', retry: true },
          { messageId: 'm2', phone: '5511900000002', retry: true },
        ]),
      );
      expect(results.map((r) => [r.outcome, r.graphRefused])).toEqual([
        ['sent', false],
        ['failed', true],
      ]);
      expect(w.sendOptions.size).toBe(0);
    });

    it('a delivery Meta accepted but that was never stored is stored now, without sending', async () => {
      const w = world({ records: { m1: { status: 'delivered', externalId: 'wamid.old', error: null, attemptId: null } } });
      const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
      expect(results[0]!.outcome).toBe('sent');
      expect(w.sendOptions.get('m1')!.delivered).toEqual({ externalId: 'wamid.old' });
      expect(w.graphCalls).toEqual([]);
    });

    it('no record: the earlier attempt never reached Graph, so it is sent', async () => {
      const w = world();
      const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001', retry: true }]));
      expect(results[0]!.outcome).toBe('sent');
      expect(w.graphCalls).toEqual(['m1']);
    });
  });

  describe('a dated run: each message is a scheduled message, claimed before it is sent', () => {
    it('a cancelled one is answered cancelled and not sent', async () => {
      const w = world({ scheduled: { m1: { claimed: false, status: 'cancelled' } } });
      const { results } = await w.service.deliver(deliver([{ messageId: 'm1', phone: '5511900000001' }], { scheduled: true }));
      expect(results[0]!.outcome).toBe('cancelled');
      expect(w.sendOptions.size).toBe(0);
    });

    it("a rule's refusal and an unknown outcome fail the scheduled message", async () => {
      const w = world({
        behaviour: { '5511900000001': 'rule-refuses' },
        records: { m2: { status: 'attempting', externalId: null, error: null, attemptId: null } },
      });
      const { results } = await w.service.deliver(
        deliver(
          [
            { messageId: 'm1', phone: '5511900000001' },
            { messageId: 'm2', phone: '5511900000002', retry: true },
          ],
          { scheduled: true },
        ),
      );
      expect(results.map((r) => r.outcome)).toEqual(['failed', 'unknown']);
      expect(w.scheduledFailures).toEqual([
        { messageId: 'm1', error: 'The client is blocked' },
        { messageId: 'm2', error: expect.stringContaining('not sent again') },
      ]);
      expect(w.sendOptions.get('m1')!.alongside).toBeDefined();
    });
  });
});
