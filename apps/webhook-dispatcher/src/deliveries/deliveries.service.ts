import { Injectable } from '@nestjs/common';
import { webhookOperations, type DeliveryView, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { withStatus } from '@platica/platform';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DeliveryRepository } from './delivery.repository';
import type { DeliveryAttempt, WebhookDelivery } from './webhook-delivery.entity';

/** Wakes the scheduler of this process (a manual retry is due at once). */
export abstract class SchedulerWaker {
  abstract wake(): void;
}

/** `GET /v1/webhooks/{id}/deliveries` and `POST /v1/webhooks/{id}/deliveries/{deliveryId}/retry`. */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly webhooks: WebhooksService,
    private readonly waker: SchedulerWaker,
  ) {}

  async list(request: OperationRequest<typeof webhookOperations.deliveriesList>) {
    const { query } = request;
    const webhook = await this.webhooks.findReadable(request);
    const limit = query.limit ? Number(query.limit) : 50;
    const offset = query.offset ? Number(query.offset) : 0;
    const { deliveries, total } = await this.deliveries.page(webhook.id, { status: query.status, limit, offset });
    const attempts = await this.deliveries.attemptsOf(deliveries.map((d) => d.id));
    return {
      webhookId: webhook.id,
      workspaceId: webhook.workspaceId,
      deliveries: deliveries.map((d) => this.view(d, attempts)),
      deliveriesCount: total,
      limit,
      offset,
    };
  }

  /**
   * Queues a delivery again now, with a fresh retry schedule: for a failed one, or to send a
   * delivered event once more (same `webhook-id`, so receivers can tell). 409 while the
   * webhook is disabled: switch it on first.
   */
  async retry(request: RpcRequest<unknown>) {
    const webhook = await this.webhooks.findWritable(request);
    if (!webhook.active) {
      throw DomainError.refused(
        ErrorCode.Conflict,
        DomainReason.WebhookDisabled,
        'The webhook is disabled: enable it (PATCH active: true) before redelivering',
        {
          webhookId: webhook.id,
          disabledReason: webhook.disabledReason ?? null,
        },
      );
    }
    const deliveryId = request.params.deliveryId ?? '';
    const delivery = await this.deliveries.requeue(webhook.id, deliveryId);
    if (!delivery) throw DomainError.notFound('Delivery', deliveryId);
    this.waker.wake();
    const attempts = await this.deliveries.attemptsOf([delivery.id]);
    return withStatus(202, { status: 'success', message: 'Redelivery queued', data: this.view(delivery, attempts) });
  }

  private view(delivery: WebhookDelivery, attempts: DeliveryAttempt[]): DeliveryView {
    return {
      id: delivery.id,
      webhookId: delivery.webhook.id,
      eventId: delivery.event.id,
      eventType: delivery.eventType,
      status: delivery.status,
      attemptCount: delivery.attemptCount,
      nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
      attempts: attempts
        .filter((a) => a.delivery.id === delivery.id)
        .map((a) => ({
          attempt: a.attempt,
          attemptedAt: a.attemptedAt.toISOString(),
          statusCode: a.statusCode ?? null,
          durationMs: a.durationMs,
          error: a.error ?? null,
          responseExcerpt: a.responseExcerpt ?? null,
        })),
    };
  }
}
