import { Logger } from '@nestjs/common';
import { jetstream, jetstreamManager, StorageType, type JetStreamClient } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client as PgClient } from 'pg';
import { eventSubject } from '@platica/contracts';
import { natsSubject } from '../nats/subjects';
import { outboxPublished } from '../observability/metrics';
import { envelopeOf, outboxChannel, registerLocalRelay } from './outbox';

export interface OutboxRelayOptions {
  schema: string;
  databaseUrl: string;
  streamName: string;
  batchSize?: number;
  /** Polling interval when no NOTIFY arrives (a safety net, not the normal path). */
  pollIntervalMs?: number;
}

/** How long JetStream remembers a message id: a relay killed between publishing and marking republishes within it. */
export const EVENTS_DUPLICATE_WINDOW_MS = 10 * 60_000;

/** The back-off before a lost listening connection is made again: doubled at each failure, up to the maximum. */
const LISTEN_AGAIN_MS = 500;
const LISTEN_AGAIN_MAX_MS = 30_000;

/** Creates the events stream when missing (every relay does it at start; it is idempotent). */
export async function ensureEventsStream(nc: NatsConnection, streamName: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  // Read like PLATICA_NATS_PREFIX (every caller has the validated config's value in the environment).
  const replicas = Number(process.env.PLATICA_EVENTS_REPLICAS ?? 1) || 1;
  const config = {
    name: streamName,
    subjects: [natsSubject(eventSubject('>'))],
    // On disk: with the server's `sync_interval: always` an acknowledged publish is on disk (docs/operations.md, "External dependencies").
    storage: StorageType.File,
    num_replicas: replicas,
    duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
    max_age: nanos(7 * 24 * 3_600_000),
  };
  try {
    await jsm.streams.info(streamName);
    await jsm.streams.update(streamName, {
      subjects: config.subjects,
      num_replicas: config.num_replicas,
      duplicate_window: config.duplicate_window,
      max_age: config.max_age,
    });
  } catch {
    await jsm.streams.add(config);
  }
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. Rows are claimed with
 * FOR UPDATE SKIP LOCKED (so replicas share the work) and marked published in the same
 * transaction; each message carries the event id as `Nats-Msg-Id`, so a relay that dies
 * after publishing but before committing is deduplicated by the stream when the row is
 * published again: never lost, never doubled.
 */
export class OutboxRelay {
  private readonly logger = new Logger('outbox-relay');
  private readonly js: JetStreamClient;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A commit was notified since the current batch was selected: look again before sleeping. */
  private notified = false;
  private listener: PgClient | null = null;
  /** A new listening connection is due (listenAgain), after this many failed in a row. */
  private listenAgainTimer: NodeJS.Timeout | null = null;
  private listenFailures = 0;
  private unregister: (() => void) | null = null;

  constructor(
    private readonly orm: MikroORM,
    nc: NatsConnection,
    private readonly options: OutboxRelayOptions,
  ) {
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    this.running = true;
    // Woken by NOTIFY for what any process commits in a transaction, and directly for what
    // this process commits in a single statement (which sends no NOTIFY: outbox.ts).
    this.unregister = registerLocalRelay(this.options.schema, this.woken);
    await this.listen();
    this.loop = this.run();
  }

  private readonly woken = () => {
    this.notified = true;
    this.wake?.();
  };

  /** LISTENs on a connection of its own; one lost (PostgreSQL restarted, the network cut) is made again. */
  private async listen(): Promise<void> {
    const listener = new PgClient({ connectionString: this.options.databaseUrl });
    this.listener = listener;
    listener.on('notification', this.woken);
    listener.on('error', (error: Error) =>
      this.logger.warn({ msg: 'outbox listener connection failed; polling until it is made again', error: error.message }),
    );
    listener.on('end', () => {
      if (this.listener === listener) this.listenAgain();
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN "${outboxChannel(this.options.schema)}"`);
    } catch (error) {
      await listener.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Listens again after a back-off (0.5 s doubling to 30 s), then looks for what was committed
   * meanwhile. Until then the relay polls: events wait up to its poll interval, none is lost.
   */
  private listenAgain(): void {
    if (!this.running || this.listenAgainTimer) return;
    this.listenAgainTimer = setTimeout(
      () => {
        this.listenAgainTimer = null;
        if (!this.running) return;
        this.listen().then(
          () => {
            this.listenFailures = 0;
            this.woken();
          },
          () => {
            this.listenFailures++;
            this.listenAgain();
          },
        );
      },
      Math.min(LISTEN_AGAIN_MAX_MS, LISTEN_AGAIN_MS * 2 ** this.listenFailures),
    );
  }

  /** Stops after publishing what was committed until now (the parts stopped before it may just have committed). */
  async stop(): Promise<void> {
    this.running = false;
    this.unregister?.();
    if (this.listenAgainTimer) clearTimeout(this.listenAgainTimer);
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    const batchSize = this.options.batchSize ?? 200;
    try {
      while ((await this.publishBatch()) === batchSize);
    } catch (error) {
      // Left for the next relay (another replica, or this service restarted): nothing is lost.
      this.logger.warn({ msg: 'final outbox publish failed', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Publishes one batch; returns how many rows it published. Exposed for tests. */
  async publishBatch(afterPublish?: () => Promise<void>): Promise<number> {
    const batchSize = this.options.batchSize ?? 200;
    return this.orm.em.fork().transactional(async (em) => {
      const rows = await em.execute<{ id: string; type: string; workspace_id: string; occurred_at: Date; data: Record<string, unknown> }[]>(
        `select id, type, workspace_id, occurred_at, data from "${this.options.schema}".outbox_event
          where published_at is null order by id limit ? for update skip locked`,
        [batchSize],
      );
      if (rows.length === 0) return 0;
      await Promise.all(
        rows.map((row) => {
          const event = envelopeOf({
            id: row.id,
            type: row.type,
            workspaceId: row.workspace_id,
            occurredAt: new Date(row.occurred_at),
            data: row.data,
          });
          return this.js.publish(natsSubject(eventSubject(event.type)), JSON.stringify(event), { msgID: event.id });
        }),
      );
      await afterPublish?.();
      await em.execute(`update "${this.options.schema}".outbox_event set published_at = now() where id in (?)`, [rows.map((r) => r.id)]);
      outboxPublished.inc({ schema: this.options.schema }, rows.length);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 200;
    while (this.running) {
      let published = 0;
      this.notified = false;
      try {
        published = await this.publishBatch();
      } catch (error) {
        this.logger.warn({
          msg: 'publishing outbox events failed; will retry',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      // An event committed while the batch was being published was notified then, to no sleeper.
      if (published < batchSize && this.running && !this.notified) await this.sleep(this.options.pollIntervalMs ?? 1_000);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
