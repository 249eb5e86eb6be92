import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '@platica/platform';

/** A stored delivery not processed yet, as the sweep takes it up. */
export interface UnprocessedDelivery {
  id: string;
  channelIds: string[];
  payload: unknown;
}

/** Processing attempts after which a delivery is left aside (its error kept) rather than taken up again. */
export const MAX_PROCESSING_ATTEMPTS = 20;

/** The SQL of `messaging.inbound_event`: Meta deliveries stored before their answer, processed after. */
@Injectable()
export class InboundEventRepository {
  constructor(private readonly db: Database) {}

  /** Stores deliveries in one multi-row insert (a group commit). */
  async insert(deliveries: { id: string; channelIds: string[]; raw: string }[]): Promise<void> {
    await this.db.execute(
      // clock_timestamp(), not now(): each delivery of a batch keeps its own arrival instant, the order of its messages.
      `insert into messaging.inbound_event (id, channel_ids, payload, received_at, processed_at, attempts, last_error)
       values ${deliveries.map(() => '(?, ?::jsonb, ?::jsonb, clock_timestamp(), null, 0, null)').join(', ')}`,
      deliveries.flatMap((d) => [d.id, JSON.stringify(d.channelIds), d.raw]),
    );
  }

  /** Keeps a delivery that can never be stored as an event (messaging.inbound_rejection), as received, with the reason. */
  async insertRejection(rejection: { id: string; channelIds: string[]; raw: string; reason: string }): Promise<void> {
    await this.db.execute(
      `insert into messaging.inbound_rejection (id, channel_ids, raw_base64, reason, received_at) values (?, ?::jsonb, ?, ?, clock_timestamp())`,
      [rejection.id, JSON.stringify(rejection.channelIds), Buffer.from(rejection.raw, 'utf8').toString('base64'), rejection.reason],
    );
  }

  /**
   * Locks, for the caller's transaction, the deliveries of these ids still unprocessed (others
   * are skipped, as are those another processor holds); answers their arrival instants
   * (Postgres text, µs precision) by id.
   */
  async claim(transaction: Transaction, ids: string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .em(transaction)
      .execute<{ id: string; received_at: string }[]>(
        'select id, received_at::text from messaging.inbound_event where id in (?) and processed_at is null order by id for update skip locked',
        [ids],
      );
    return new Map(rows.map((r) => [r.id, r.received_at]));
  }

  async markProcessed(transaction: Transaction, ids: string[]): Promise<void> {
    await this.db
      .em(transaction)
      .execute('update messaging.inbound_event set processed_at = now(), attempts = attempts + 1, last_error = null where id in (?)', [
        ids,
      ]);
  }

  async recordFailure(id: string, error: string): Promise<void> {
    await this.db.execute('update messaging.inbound_event set attempts = attempts + 1, last_error = ? where id = ?', [error, id]);
  }

  /** Deliveries left unprocessed for a while (a crash, a failure), oldest first. */
  async findUnprocessed(options: { maxAttempts: number; olderThanMs: number; limit: number }): Promise<UnprocessedDelivery[]> {
    const rows = await this.db.execute<{ id: string; channel_ids: string[]; payload: unknown }[]>(
      `select id, channel_ids, payload from messaging.inbound_event
        where processed_at is null and attempts < ? and received_at < now() - make_interval(secs => ?)
        order by received_at limit ?`,
      [options.maxAttempts, options.olderThanMs / 1000, options.limit],
    );
    return rows.map((r) => ({ id: r.id, channelIds: r.channel_ids, payload: r.payload }));
  }

  /**
   * Whether a delivery to the channel that names `contact` (a WhatsApp number or a page-scoped
   * id, as Meta writes it in the payload) is stored but not processed yet: what it holds (a
   * customer's message) may still open a conversation or its window.
   */
  async awaitsProcessing(channelId: string, contact: string): Promise<boolean> {
    const [row] = await this.db.execute<{ waiting: boolean }[]>(
      `select exists(select 1 from messaging.inbound_event
        where processed_at is null and attempts < ? and channel_ids @> ?::jsonb and strpos(payload::text, ?) > 0) as waiting`,
      [MAX_PROCESSING_ATTEMPTS, JSON.stringify([channelId]), JSON.stringify(contact)],
    );
    return row?.waiting === true;
  }

  /** Deletes deliveries processed that long ago (idempotency lives on the messages). */
  async deleteProcessed(olderThanMs: number): Promise<void> {
    await this.db.execute('delete from messaging.inbound_event where processed_at < now() - make_interval(secs => ?)', [
      olderThanMs / 1000,
    ]);
  }
}
