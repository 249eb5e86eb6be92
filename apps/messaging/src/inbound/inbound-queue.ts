import { Injectable, Logger } from '@nestjs/common';
import { jsonNestingDepth, textIssuesOf } from '@platica/errors';
import { newId } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { InboundEventRepository, MAX_PROCESSING_ATTEMPTS } from './inbound-event.repository';
import { InboundStore, type PendingDelivery } from './inbound-store';
import { parseMetaPayload, type ChannelRef } from './meta-payload';

interface Arrival {
  id: string;
  raw: string;
  payload: unknown;
  channels: OpenChannel[];
  stored: () => void;
  failed: (error: unknown) => void;
}

/** Deliveries per insert and per processing transaction. */
const BATCH = 500;
/** Inserts in flight at once: while they commit, new arrivals gather into the next one (group commit). */
const WRITERS = 4;
/** Processing transactions in flight at once (they lock conversations in one order). */
const PROCESSORS = 2;
/**
 * Under load a batch starts at most this often: deliveries arriving meanwhile gather into the
 * next one, one set of statements for several deliveries instead of one each (a flood's cost per
 * message falls, and with it what it takes from other workspaces). A lone delivery starts at
 * once; a gathered one waits at most this long, well inside a turn's debounce.
 */
const GATHER_MS = 100;
/** Rows left unprocessed this long (a crash, a failed batch) are taken up again by the sweep. */
const SWEEP_AFTER_MS = 10_000;
const SWEEP_EVERY_MS = 2_000;
/** Deepest delivery stored: Meta's payloads nest about eight levels; past this one is hostile, not Meta's. */
const MAX_DELIVERY_DEPTH = 64;
/** Processed deliveries are kept this long, then deleted (idempotency lives on the messages). */
const KEEP_PROCESSED_MS = 7 * 86_400_000;

/**
 * The inbound pipeline of Meta webhooks:
 *   1. `accept` stores the verified delivery durably (deliveries arriving together share one
 *      multi-row insert: a group commit) and resolves, so Meta gets its answer fast;
 *   2. the stored deliveries are then processed in batches (InboundStore), in this process;
 *   3. a sweep re-takes any row left unprocessed (a crash after the answer, a failed batch),
 *      so work after the answer is never lost. Replicas share rows with SKIP LOCKED.
 */
@Injectable()
export class InboundQueue {
  private readonly logger = new Logger('inbound');
  private arrivals: Arrival[] = [];
  private writers = 0;
  private pending: PendingDelivery[] = [];
  private readonly processing = new Set<Promise<void>>();
  private lastBatchAt = 0;
  private gathering: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private lastCleanup = 0;
  private stopped = false;

  constructor(
    private readonly inboundEvents: InboundEventRepository,
    private readonly store: InboundStore,
    private readonly channels: ChannelRepository,
  ) {}

  start(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** Stops processing (stored deliveries left are taken up by the next start's sweep). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.gathering) clearTimeout(this.gathering);
    await Promise.all(this.processing);
  }

  /**
   * Resolves once the delivery is stored durably; processing follows. A delivery that can
   * never be stored is kept aside as rejected (and resolves too, so Meta stops redelivering it).
   */
  accept(raw: string, payload: unknown, channels: OpenChannel[]): Promise<string> {
    const id = newId('inb');
    const unstorable = unstorableReasonOf(raw, payload);
    if (unstorable) return this.reject(id, raw, channels, unstorable);
    return new Promise<string>((resolve, reject) => {
      this.arrivals.push({ id, raw, payload, channels, stored: () => resolve(id), failed: reject });
      this.write();
    });
  }

  /** How many stored deliveries wait for processing in this process. */
  get backlog(): number {
    return this.pending.length;
  }

  private write(): void {
    while (this.arrivals.length && this.writers < WRITERS) {
      const batch = this.arrivals.splice(0, BATCH);
      this.writers += 1;
      void this.insert(batch).finally(() => {
        this.writers -= 1;
        this.write();
      });
    }
  }

  private async insert(batch: Arrival[]): Promise<void> {
    try {
      await this.inboundEvents.insert(batch.map((a) => ({ id: a.id, channelIds: a.channels.map((c) => c.id), raw: a.raw })));
    } catch (error) {
      await this.insertFailed(batch, error);
      return;
    }
    for (const arrival of batch) {
      this.pending.push({ id: arrival.id, items: parseMetaPayload(arrival.payload, refsOf(arrival.channels)) });
      arrival.stored();
    }
    this.kick();
  }

  /**
   * One delivery PostgreSQL refuses must not fail those written with it: a batch is written
   * again one delivery at a time, and a single delivery refused for its data is rejected.
   * Other failures (the database unreachable) fail the delivery: Meta redelivers it.
   */
  private async insertFailed(batch: Arrival[], error: unknown): Promise<void> {
    if (batch.length > 1) {
      for (const arrival of batch) await this.insert([arrival]);
      return;
    }
    const arrival = batch[0]!;
    if (!isDataError(error)) {
      arrival.failed(error);
      return;
    }
    try {
      await this.reject(
        arrival.id,
        arrival.raw,
        arrival.channels,
        `PostgreSQL refused it: ${error instanceof Error ? error.message : String(error)}`,
      );
      arrival.stored();
    } catch (rejectionError) {
      arrival.failed(rejectionError);
    }
  }

  private async reject(id: string, raw: string, channels: OpenChannel[], reason: string): Promise<string> {
    await this.inboundEvents.insertRejection({ id, channelIds: channels.map((c) => c.id), raw, reason });
    this.logger.warn({ msg: 'inbound delivery rejected: kept for inspection, never processed', inboundId: id, reason });
    return id;
  }

  private kick(): void {
    while (this.pending.length && this.processing.size < PROCESSORS && !this.stopped) {
      const gatherFor = this.lastBatchAt + GATHER_MS - Date.now();
      if (gatherFor > 0 && this.pending.length < BATCH) {
        this.gathering ??= setTimeout(() => {
          this.gathering = null;
          this.kick();
        }, gatherFor);
        return;
      }
      this.lastBatchAt = Date.now();
      const run: Promise<void> = this.processBatch(this.pending.splice(0, BATCH)).finally(() => {
        this.processing.delete(run);
        this.kick();
      });
      this.processing.add(run);
    }
  }

  private async processBatch(batch: PendingDelivery[]): Promise<void> {
    try {
      await this.store.process(batch);
      return;
    } catch (error) {
      if (batch.length === 1) {
        this.logger.warn({ msg: 'inbound delivery failed; it will be retried', inboundId: batch[0]!.id, error: String(error) });
        await this.store.recordFailure(batch[0]!.id, error).catch(() => undefined);
        return;
      }
    }
    // One bad delivery must not hold back the others: retry them one by one.
    for (const delivery of batch) await this.processBatch([delivery]);
  }

  /** Takes up deliveries left unprocessed (after a crash or a failure) and prunes old processed ones. */
  private async sweep(): Promise<void> {
    if (this.stopped || this.processing.size || this.pending.length) return;
    try {
      const rows = await this.inboundEvents.findUnprocessed({
        maxAttempts: MAX_PROCESSING_ATTEMPTS,
        olderThanMs: SWEEP_AFTER_MS,
        limit: BATCH,
      });
      if (rows.length) {
        const deliveries: PendingDelivery[] = [];
        for (const row of rows) {
          const channels = (await Promise.all(row.channelIds.map((id) => this.channels.findById(id)))).filter(
            (c): c is OpenChannel => c !== null,
          );
          deliveries.push({ id: row.id, items: parseMetaPayload(row.payload, refsOf(channels)) });
        }
        this.logger.log({ msg: 'taking up unprocessed inbound deliveries', count: deliveries.length });
        this.pending.push(...deliveries);
        this.kick();
      }
      if (Date.now() - this.lastCleanup > 3_600_000) {
        this.lastCleanup = Date.now();
        await this.inboundEvents.deleteProcessed(KEEP_PROCESSED_MS);
      }
    } catch (error) {
      this.logger.warn({ msg: 'inbound sweep failed', error: String(error) });
    }
  }
}

/** Why PostgreSQL could never store this delivery, or null. */
function unstorableReasonOf(raw: string, payload: unknown): string | null {
  if (jsonNestingDepth(raw, MAX_DELIVERY_DEPTH) > MAX_DELIVERY_DEPTH) return `nested deeper than ${MAX_DELIVERY_DEPTH} levels`;
  const [issue] = textIssuesOf(payload);
  // The path as JSON: a key may hold the very characters a text column refuses.
  return issue ? `${JSON.stringify(issue.path)}: ${issue.message}` : null;
}

/** SQLSTATE class 22 (data exception) or 54 (program limit, e.g. stack depth): the row, not the database, is at fault. */
function isDataError(error: unknown): boolean {
  const sqlState = (error as { sqlState?: unknown; code?: unknown } | null)?.sqlState ?? (error as { code?: unknown } | null)?.code;
  return typeof sqlState === 'string' && /^(22|54)/.test(sqlState);
}

function refsOf(channels: OpenChannel[]): Map<string, ChannelRef> {
  return new Map(
    channels
      .filter((c) => c.externalId)
      .map((c) => [c.externalId!, { id: c.id, workspaceId: c.workspaceId, platform: c.platform, externalId: c.externalId }]),
  );
}
