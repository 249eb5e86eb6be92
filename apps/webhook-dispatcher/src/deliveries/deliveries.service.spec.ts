import type { RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { readScope, writeScope } from '@platica/platform';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { Webhook } from '../webhooks/webhook.entity';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DeliveriesService, SchedulerWaker } from './deliveries.service';
import { DeliveryRepository } from './delivery.repository';
import type { DeliveryAttempt, WebhookDelivery } from './webhook-delivery.entity';

const WEBHOOKS = [
  { id: 'wh_1', workspaceId: 'ws_1', active: true, disabledReason: null },
  { id: 'wh_2', workspaceId: 'ws_2', active: false, disabledReason: 'failing for 3 days' },
] as Webhook[];

function delivery(id: string, fields: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    webhook: { id: 'wh_1' },
    event: { id: `evt_${id}` },
    eventType: 'message.created',
    status: 'failed',
    attemptCount: 2,
    nextAttemptAt: new Date('2026-11-20T12:05:00Z'),
    deliveredAt: null,
    createdAt: new Date('2026-11-20T12:00:00Z'),
    ...fields,
  } as unknown as WebhookDelivery;
}

function attempt(deliveryId: string, n: number, fields: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return {
    delivery: { id: deliveryId },
    attempt: n,
    attemptedAt: new Date(`2026-11-20T12:0${n}:00Z`),
    statusCode: 500,
    durationMs: 120,
    error: 'HTTP 500',
    responseExcerpt: 'oops',
    ...fields,
  } as unknown as DeliveryAttempt;
}

/**
 * Webhooks `wh_1` (ws_1, active) and `wh_2` (ws_2, disabled), found within the request's scope as
 * WebhooksService does; deliveries of wh_1 in memory; how often the scheduler was woken.
 */
function world() {
  const deliveries = [delivery('dlv_1'), delivery('dlv_2', { status: 'delivered', deliveredAt: new Date('2026-11-20T12:01:00Z') })];
  const attempts = [
    attempt('dlv_1', 1),
    attempt('dlv_1', 2, { statusCode: null, error: 'timeout', responseExcerpt: null }),
    attempt('dlv_2', 1, { statusCode: 200, error: null }),
  ];
  const pages: unknown[] = [];
  const requeued: string[][] = [];
  let wakes = 0;
  const find = (workspaceIds: string[], id: string | undefined) => {
    const found = WEBHOOKS.find((w) => w.id === id && workspaceIds.includes(w.workspaceId));
    if (!found) throw DomainError.notFound('Webhook', id);
    return found;
  };
  const built = newTestService(
    DeliveriesService,
    fake(DeliveryRepository, {
      page: async (webhookId, filter) => {
        pages.push({ webhookId, filter });
        const matching = deliveries.filter((d) => d.webhook.id === webhookId && (!filter.status || d.status === filter.status));
        return { deliveries: matching.slice(filter.offset, filter.offset + filter.limit), total: matching.length };
      },
      attemptsOf: async (ids) => attempts.filter((a) => ids.includes(a.delivery.id)),
      requeue: async (webhookId, deliveryId) => {
        requeued.push([webhookId, deliveryId]);
        const found = deliveries.find((d) => d.id === deliveryId && d.webhook.id === webhookId);
        if (!found) return null;
        found.status = 'pending';
        found.nextAttemptAt = new Date('2026-11-20T13:00:00Z');
        return found;
      },
    }),
    fake(WebhooksService, {
      findReadable: async (request) =>
        find(
          readScope(request).map((w) => w.id),
          request.params.id,
        ),
      findWritable: async (request) => find([writeScope(request).id], request.params.id),
    }),
    fake(SchedulerWaker, { wake: () => void (wakes += 1) }),
  );
  return { ...built, pages, requeued, wakes: () => wakes };
}

const requestOf = (params: Record<string, string>, query: Record<string, unknown> = {}, workspaceId: string | null = 'ws_1') =>
  ({ auth: testAuth(), workspaceId: workspaceId ?? undefined, params, query, body: undefined }) as unknown as RpcRequest<unknown>;

describe('DeliveriesService', () => {
  describe('list', () => {
    it("pages a webhook's deliveries (50 from 0 by default) with their attempts", async () => {
      const w = world();
      const answer = await w.service.list(requestOf({ id: 'wh_1' }, {}, null) as never);
      expect(w.pages).toEqual([{ webhookId: 'wh_1', filter: { status: undefined, limit: 50, offset: 0 } }]);
      expect(answer).toMatchObject({ webhookId: 'wh_1', workspaceId: 'ws_1', deliveriesCount: 2, limit: 50, offset: 0 });
      expect(answer.deliveries[0]).toEqual({
        id: 'dlv_1',
        webhookId: 'wh_1',
        eventId: 'evt_dlv_1',
        eventType: 'message.created',
        status: 'failed',
        attemptCount: 2,
        nextAttemptAt: null,
        deliveredAt: null,
        createdAt: '2026-11-20T12:00:00.000Z',
        attempts: [
          {
            attempt: 1,
            attemptedAt: '2026-11-20T12:01:00.000Z',
            statusCode: 500,
            durationMs: 120,
            error: 'HTTP 500',
            responseExcerpt: 'oops',
          },
          {
            attempt: 2,
            attemptedAt: '2026-11-20T12:02:00.000Z',
            statusCode: null,
            durationMs: 120,
            error: 'timeout',
            responseExcerpt: null,
          },
        ],
      });
      expect(answer.deliveries[1]).toMatchObject({
        id: 'dlv_2',
        deliveredAt: '2026-11-20T12:01:00.000Z',
        attempts: [{ attempt: 1, statusCode: 200 }],
      });
    });

    it('passes the status filter and the page asked for (numbers from the query string)', async () => {
      const w = world();
      const answer = await w.service.list(requestOf({ id: 'wh_1' }, { status: 'failed', limit: '1', offset: '0' }) as never);
      expect(w.pages).toEqual([{ webhookId: 'wh_1', filter: { status: 'failed', limit: 1, offset: 0 } }]);
      expect([answer.deliveries.map((d) => d.id), answer.deliveriesCount, answer.limit]).toEqual([['dlv_1'], 1, 1]);
    });

    it("answers 404 for another workspace's webhook, reading no deliveries", async () => {
      const w = world();
      const error = await refusal(w.service.list(requestOf({ id: 'wh_2' }) as never));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'wh_2' }]);
      expect(w.pages).toEqual([]);
    });
  });

  describe('retry', () => {
    it('requeues the delivery, wakes the scheduler and answers 202 with it pending', async () => {
      const w = world();
      const reply = await w.service.retry(requestOf({ id: 'wh_1', deliveryId: 'dlv_2' }));
      expect(reply.status).toBe(202);
      expect(reply.body).toMatchObject({
        status: 'success',
        message: 'Redelivery queued',
        data: { id: 'dlv_2', status: 'pending', nextAttemptAt: '2026-11-20T13:00:00.000Z', attempts: [{ attempt: 1 }] },
      });
      expect([w.requeued, w.wakes()]).toEqual([[['wh_1', 'dlv_2']], 1]);
    });

    it('answers 404 for an unknown delivery, waking nothing', async () => {
      const w = world();
      const error = await refusal(w.service.retry(requestOf({ id: 'wh_1', deliveryId: 'dlv_9' })));
      expect(error.toBody()).toEqual({ code: 404, error: 'Delivery not found', details: { id: 'dlv_9' } });
      expect(w.wakes()).toBe(0);
    });

    it('refuses a retry while the webhook is disabled (409, with why it was disabled)', async () => {
      const w = world();
      const error = await refusal(w.service.retry(requestOf({ id: 'wh_2', deliveryId: 'dlv_1' }, {}, 'ws_2')));
      expect(error.toBody()).toEqual({
        code: 409,
        error: 'The webhook is disabled: enable it (PATCH active: true) before redelivering',
        details: { reason: 'webhook_disabled', webhookId: 'wh_2', disabledReason: 'failing for 3 days' },
      });
      expect([w.requeued, w.wakes()]).toEqual([[], 0]);
    });

    it("answers 404 for another workspace's webhook", async () => {
      const w = world();
      const error = await refusal(w.service.retry(requestOf({ id: 'wh_2', deliveryId: 'dlv_1' })));
      expect(error.code).toBe(ErrorCode.NotFound);
      expect(w.requeued).toEqual([]);
    });
  });
});
