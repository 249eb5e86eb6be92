import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@platica/contracts';
import { Database, newId } from '@platica/platform';
import { exhaustedReason, type DeliveryOutcome } from './delivery-outcome';
import { DeliveryAttempt, WebhookDelivery, type DeliveryStatus } from './webhook-delivery.entity';

const S = '"webhook_dispatcher"';

/** The exact body of every delivery of an event: the envelope, in the documented order, nothing else. */
export function envelopeBody(event: DomainEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, workspaceId: event.workspaceId, occurredAt: event.occurredAt, data: event.data });
}

/** How far clocks of the emitting service and this one may disagree. */
const CLOCK_SKEW_MS = 60_000;

/**
 * An event that happened before the webhook existed is not owed to it (it can still be in the
 * stream, e.g. when the consumer is created on a stream with history).
 */
function predates(event: DomainEvent, webhookCreatedMs: number): boolean {
  return Date.parse(event.occurredAt) + CLOCK_SKEW_MS < webhookCreatedMs;
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  attemptCount: number;
  retryIndex: number;
  runStartedAt: Date | null;
  body: string;
  url: string;
  secretSealed: string;
  headersSealed: string;
  webhookVersion: string;
  /** When the read that found it active began (Date.now()): tells a delivery read before a disable from one read after a re-enable. */
  readAt: number;
}

interface ClaimRow {
  id: string;
  webhook_id: string;
  event_id: string;
  attempt_count: number;
  retry_index: number;
  run_started_at: string | null;
  body: string;
  url: string;
  secret_sealed: string;
  headers_sealed: string;
  updated_at: string;
}

/** The SQL of the delivery pipeline: recording events' deliveries, claiming due ones, recording attempts. */
@Injectable()
export class DeliveryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records one pending delivery per active webhook of each event's workspace subscribed to
   * its type (and created before the event), with the events they deliver, in one transaction. Idempotent: an
   * event seen again (a redelivery from the stream) adds nothing. A new delivery that
   * `admit(webhookId)` accepts is recorded already claimed by this process for `leaseMs`, and
   * returned ready to send: the common case costs no separate claim. The webhooks are locked
   * (FOR SHARE) and checked again in the transaction, so a disable commits either after these
   * deliveries or before, and then none is recorded for it.
   */
  async recordEvents(
    events: DomainEvent[],
    options: { admit: (webhookId: string) => boolean; leaseMs: number },
  ): Promise<{ created: number; claimed: ClaimedDelivery[]; admittedButNotNew: string[] }> {
    const none = { created: 0, claimed: [], admittedButNotNew: [] };
    if (events.length === 0) return none;
    const workspaceIds = [...new Set(events.map((e) => e.workspaceId))];
    const webhooks = await this.db.execute<
      {
        id: string;
        workspace_id: string;
        events: string[];
        created_ms: number;
        url: string;
        secret_sealed: string;
        headers_sealed: string;
        updated_at: string;
      }[]
    >(
      `select id, workspace_id, events, (extract(epoch from created_at) * 1000)::float8 as created_ms, url, secret_sealed, headers_sealed, updated_at
         from ${S}.webhook where active and workspace_id in (?) order by id`,
      [workspaceIds],
    );
    const rows: { id: string; webhook: (typeof webhooks)[number]; event: DomainEvent; admitted: boolean }[] = [];
    for (const event of events) {
      for (const webhook of webhooks) {
        if (
          webhook.workspace_id === event.workspaceId &&
          webhook.events.includes(event.type) &&
          !predates(event, Number(webhook.created_ms))
        ) {
          rows.push({ id: newId('dlv'), webhook, event, admitted: options.admit(webhook.id) });
        }
      }
    }
    // Most events are owed to no webhook: they stay in the stream only, and cost no write here.
    if (rows.length === 0) return none;
    const readAt = Date.now();
    return this.db.em().transactional(async (em) => {
      const stillActive = await em.execute<{ id: string }[]>(
        `select id from ${S}.webhook where id in (?) and active order by id for share`,
        [[...new Set(rows.map((r) => r.webhook.id))]],
      );
      const active = new Set(stillActive.map((w) => w.id));
      const recorded = rows.filter((r) => active.has(r.webhook.id));
      if (recorded.length === 0) return { ...none, admittedButNotNew: rows.filter((r) => r.admitted).map((r) => r.webhook.id) };
      const owed = [...new Set(recorded.map((r) => r.event))];
      await em.execute(
        `insert into ${S}.webhook_event (id, type, workspace_id, body, occurred_at) values ${owed.map(() => '(?, ?, ?, ?, ?)').join(', ')}
         on conflict (id) do nothing`,
        owed.flatMap((e) => [e.id, e.type, e.workspaceId, envelopeBody(e), e.occurredAt]),
      );
      const inserted = await em.execute<{ id: string }[]>(
        `insert into ${S}.webhook_delivery (id, webhook_id, event_id, event_type, status, attempt_count, retry_index, next_attempt_at, claimed_until)
         values ${recorded.map(() => `(?, ?, ?, ?, 'pending', 0, 0, now(), now() + ?::int * interval '1 millisecond')`).join(', ')}
         on conflict (webhook_id, event_id) do nothing returning id`,
        recorded.flatMap((r) => [r.id, r.webhook.id, r.event.id, r.event.type, r.admitted ? options.leaseMs : null]),
      );
      const created = new Set(inserted.map((r) => r.id));
      return {
        created: created.size,
        claimed: rows
          .filter((r) => r.admitted && created.has(r.id))
          .map((r) => ({
            id: r.id,
            webhookId: r.webhook.id,
            eventId: r.event.id,
            attemptCount: 0,
            retryIndex: 0,
            runStartedAt: null,
            body: envelopeBody(r.event),
            url: r.webhook.url,
            secretSealed: r.webhook.secret_sealed,
            headersSealed: r.webhook.headers_sealed,
            webhookVersion: String(r.webhook.updated_at),
            readAt,
          })),
        admittedButNotNew: rows.filter((r) => r.admitted && !created.has(r.id)).map((r) => r.webhook.id),
      };
    });
  }

  /**
   * Claims due deliveries of active webhooks for `leaseMs` (FOR UPDATE SKIP LOCKED: replicas
   * never claim the same row), at most `limit`, at most `perWebhook(id)` of one webhook, and
   * none of the webhooks in `exclude` (already at their limit here).
   */
  async claim(options: {
    limit: number;
    leaseMs: number;
    exclude: string[];
    perWebhook: (webhookId: string) => number;
  }): Promise<{ claimed: ClaimedDelivery[]; candidates: number }> {
    const readAt = Date.now();
    return this.db.em().transactional(async (em) => {
      const candidates = await em.execute<ClaimRow[]>(
        `select d.id, d.webhook_id, d.event_id, d.attempt_count, d.retry_index, d.run_started_at,
                e.body, w.url, w.secret_sealed, w.headers_sealed, w.updated_at
           from ${S}.webhook_delivery d
           join ${S}.webhook w on w.id = d.webhook_id and w.active
           join ${S}.webhook_event e on e.id = d.event_id
          where d.status = 'pending' and d.next_attempt_at <= now()
            and (d.claimed_until is null or d.claimed_until < now())
            ${options.exclude.length ? 'and d.webhook_id not in (?)' : ''}
          order by d.next_attempt_at
          limit ?
          for update of d skip locked`,
        options.exclude.length ? [options.exclude, options.limit * 2] : [options.limit * 2],
      );
      const taken = new Map<string, number>();
      const chosen: ClaimRow[] = [];
      for (const row of candidates) {
        if (chosen.length >= options.limit) break;
        const count = taken.get(row.webhook_id) ?? 0;
        if (count >= options.perWebhook(row.webhook_id)) continue;
        taken.set(row.webhook_id, count + 1);
        chosen.push(row);
      }
      if (chosen.length) {
        await em.execute(`update ${S}.webhook_delivery set claimed_until = now() + ? * interval '1 millisecond' where id in (?)`, [
          options.leaseMs,
          chosen.map((r) => r.id),
        ]);
      }
      return {
        candidates: candidates.length,
        claimed: chosen.map((r) => ({
          id: r.id,
          webhookId: r.webhook_id,
          eventId: r.event_id,
          attemptCount: r.attempt_count,
          retryIndex: r.retry_index,
          runStartedAt: r.run_started_at ? new Date(r.run_started_at) : null,
          body: r.body,
          url: r.url,
          secretSealed: r.secret_sealed,
          headersSealed: r.headers_sealed,
          webhookVersion: String(r.updated_at),
          readAt,
        })),
      };
    });
  }

  /**
   * Records finished attempts in one transaction: the attempts, the deliveries' new state
   * (releasing their claims), and what they mean for their webhooks: a success clears the
   * failing streak, a failure starts one, a 410 disables at once, and a schedule that ran out
   * while the webhook never succeeded disables it. A disable waits for the event recordings
   * that hold its webhook and is stamped when it is made (clock_timestamp, not the
   * transaction's start): every delivery recorded for the webhook was created before its
   * disabledAt.
   */
  async recordOutcomes(outcomes: DeliveryOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.db.em().transactional(async (em) => {
      await em.execute(
        `insert into ${S}.webhook_delivery_attempt (delivery_id, attempt, attempted_at, status_code, duration_ms, error, response_excerpt)
         values ${outcomes.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} on conflict do nothing`,
        outcomes.flatMap((o) => [
          o.deliveryId,
          o.attempt,
          o.result.attemptedAt,
          o.result.statusCode,
          o.result.durationMs,
          o.result.error,
          o.result.responseExcerpt,
        ]),
      );
      await em.execute(
        `update ${S}.webhook_delivery d
            set status = v.status, attempt_count = greatest(d.attempt_count, v.attempt), retry_index = v.retry_index,
                run_started_at = v.run_started_at, next_attempt_at = v.next_attempt_at, claimed_until = null,
                delivered_at = v.delivered_at, last_error = v.last_error
           from (values ${outcomes.map(() => '(?::text, ?::text, ?::int, ?::int, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::text)').join(', ')})
             as v (id, status, attempt, retry_index, run_started_at, next_attempt_at, delivered_at, last_error)
          where d.id = v.id`,
        outcomes.flatMap((o) => [
          o.deliveryId,
          o.status,
          o.attempt,
          o.retryIndex,
          o.runStartedAt,
          o.nextAttemptAt,
          o.deliveredAt,
          o.lastError,
        ]),
      );
      const succeeded = [...new Set(outcomes.filter((o) => o.status === 'delivered').map((o) => o.webhookId))];
      const failed = [...new Set(outcomes.filter((o) => o.status !== 'delivered').map((o) => o.webhookId))].filter(
        (id) => !succeeded.includes(id),
      );
      // Webhook rows are locked in id order, as recordEvents locks them, so the two never deadlock.
      if (failed.length || outcomes.some((o) => o.disableReason || o.exhausted))
        await em.execute(`select id from ${S}.webhook where id in (?) order by id for no key update`, [[...succeeded, ...failed]]);
      if (succeeded.length)
        await em.execute(
          `update ${S}.webhook set failing_since = null
            where id in (select id from ${S}.webhook where id in (?) and failing_since is not null order by id for no key update)`,
          [succeeded],
        );
      if (failed.length) {
        // The streak starts at the first failed attempt (its own time, which a run's start is compared with).
        const since = new Map<string, Date>();
        for (const o of outcomes) {
          if (!failed.includes(o.webhookId)) continue;
          const known = since.get(o.webhookId);
          if (!known || o.result.attemptedAt < known) since.set(o.webhookId, o.result.attemptedAt);
        }
        await em.execute(
          `update ${S}.webhook w set failing_since = v.since
             from (values ${[...since].map(() => '(?::text, ?::timestamptz)').join(', ')}) as v (id, since)
            where w.id = v.id and w.failing_since is null`,
          [...since].flat(),
        );
      }
      for (const outcome of outcomes) {
        if (outcome.disableReason) {
          await em.execute(
            `update ${S}.webhook set active = false, disabled_reason = ?, disabled_at = clock_timestamp(), updated_at = now() where id = ? and active`,
            [outcome.disableReason, outcome.webhookId],
          );
        } else if (outcome.exhausted) {
          await em.execute(
            `update ${S}.webhook set active = false, disabled_reason = ?, disabled_at = clock_timestamp(), updated_at = now()
              where id = ? and active and failing_since is not null and failing_since <= ?`,
            [exhaustedReason(outcome), outcome.webhookId, outcome.runStartedAt],
          );
        }
      }
    });
  }

  /** A page of a webhook's deliveries, newest first, with how many there are. */
  async page(
    webhookId: string,
    filter: { status?: DeliveryStatus; limit: number; offset: number },
  ): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    const where = { webhook: webhookId, ...(filter.status ? { status: filter.status } : {}) };
    const [deliveries, total] = await this.db.em().findAndCount(WebhookDelivery, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: filter.limit,
      offset: filter.offset,
    });
    return { deliveries, total };
  }

  /** The attempts of these deliveries, in order. */
  attemptsOf(deliveryIds: string[]): Promise<DeliveryAttempt[]> {
    if (!deliveryIds.length) return Promise.resolve([]);
    return this.db.em().find(DeliveryAttempt, { delivery: { $in: deliveryIds } }, { orderBy: { attempt: 'asc' } });
  }

  /** Queues a webhook's delivery again now, on a fresh retry schedule; null when the webhook has no such delivery. */
  async requeue(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const em = this.db.em();
    const delivery = await em.findOne(WebhookDelivery, { id: deliveryId, webhook: webhookId });
    if (!delivery) return null;
    Object.assign(delivery, { status: 'pending', retryIndex: 0, runStartedAt: null, nextAttemptAt: new Date(), deliveredAt: null });
    await em.flush();
    return delivery;
  }

  /** Releases claims that will not be attempted (shutdown before sending): due again at once. */
  async release(ids: string[]): Promise<void> {
    if (ids.length)
      await this.db.execute(`update ${S}.webhook_delivery set claimed_until = null where id in (?) and status = 'pending'`, [ids]);
  }
}
