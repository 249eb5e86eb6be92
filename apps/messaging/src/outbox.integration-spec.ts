import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, jetstream, AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { domainEvent } from '@platica/contracts';
import { ensureDatabase, dropDatabase } from '@platica/devstack';
import { Client as PgClient } from 'pg';
import {
  Database,
  ensureEventsStream,
  migrate,
  openDatabase,
  OutboxRelay,
  outboxChannel,
  recordEvent,
  recordEvents,
  Transaction,
  UnitOfWork,
} from '@platica/platform';
import { deleteStream, eventually, newIsolation, type Isolation } from '@platica/testing';
import { messagingDatabase } from './database';

/** A small valid event: the outbox records only events built (and parsed) by `domainEvent`. */
const anEvent = (workspaceId: string, key: string) =>
  domainEvent('agent.turn.requested', workspaceId, { conversationRef: 'conv1', reason: 'resume', messageIds: [`msg_${key}`] });

/**
 * The transactional outbox on messaging's real schema and a real JetStream stream: an event
 * is published if and only if its transaction commits, and exactly once even when the relay
 * dies between publishing and marking the row.
 */
describe('outbox relay (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let nc: NatsConnection;

  beforeAll(async () => {
    isolation = newIsolation();
    process.env.PLATICA_NATS_PREFIX = isolation.natsPrefix;
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await ensureEventsStream(nc, isolation.eventsStream);
  });

  afterAll(async () => {
    await nc?.close();
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
    await deleteStream(isolation.eventsStream);
    delete process.env.PLATICA_NATS_PREFIX;
  });

  const relayOptions = () => ({ schema: 'messaging', databaseUrl: isolation.databaseUrl, streamName: isolation.eventsStream });

  /** Every message now in the stream, as the event ids they carry. */
  async function publishedIds(): Promise<string[]> {
    const jsm = await jetstreamManager(nc);
    const consumer = await jsm.consumers.add(isolation.eventsStream, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      inactive_threshold: 60_000_000_000,
    });
    const info = await jsm.streams.info(isolation.eventsStream);
    const ids: string[] = [];
    if (info.state.messages > 0) {
      const messages = await jetstream(nc).consumers.get(isolation.eventsStream, consumer.name);
      const batch = await messages.fetch({ max_messages: info.state.messages, expires: 2_000 });
      for await (const message of batch) {
        ids.push((message.json() as { id: string }).id);
        if (ids.length === info.state.messages) break;
      }
    }
    await jsm.consumers.delete(isolation.eventsStream, consumer.name);
    return ids;
  }

  it('never publishes an event whose transaction rolled back', async () => {
    const before = await publishedIds();
    await expect(
      orm.em.fork().transactional(async (em) => {
        await recordEvent(new Transaction(em), 'messaging', anEvent('ws_rollback', 'conv1'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const relay = new OutboxRelay(orm, nc, relayOptions());
    expect(await relay.publishBatch()).toBe(0);
    expect(await publishedIds()).toEqual(before);
  });

  it('publishes a committed event exactly once, even when the relay dies after publishing and before marking it', async () => {
    const event = await orm.em.fork().transactional((em) => recordEvent(new Transaction(em), 'messaging', anEvent('ws_commit', 'conv1')));

    // The first relay publishes, then dies before its transaction marks the row published.
    const dying = new OutboxRelay(orm, nc, relayOptions());
    await expect(dying.publishBatch(async () => Promise.reject(new Error('killed')))).rejects.toThrow('killed');
    const [row] = await orm.em
      .fork()
      .execute<{ published_at: string | null }[]>('select published_at from messaging.outbox_event where id = ?', [event.id]);
    expect(row?.published_at).toBeNull();

    // The next relay publishes the same row again; the stream keeps one copy (Nats-Msg-Id).
    const next = new OutboxRelay(orm, nc, relayOptions());
    expect(await next.publishBatch()).toBe(1);
    expect(await next.publishBatch()).toBe(0);
    const ids = await publishedIds();
    expect(ids.filter((id) => id === event.id)).toHaveLength(1);
  });

  it('delivers a committed event promptly through the running relay (NOTIFY), with the full envelope', async () => {
    const relay = new OutboxRelay(orm, nc, { ...relayOptions(), pollIntervalMs: 60_000 });
    await relay.start();
    try {
      const started = Date.now();
      const event = await orm.em.fork().transactional((em) => recordEvent(new Transaction(em), 'messaging', anEvent('ws_live', 'conv1')));
      await eventually('the event in the stream', async () => (await publishedIds()).includes(event.id), 5_000);
      // Far below the 60 s poll: the commit's NOTIFY woke the relay.
      expect(Date.now() - started).toBeLessThan(5_000);
      const stored = await (
        await jetstreamManager(nc)
      ).streams.getMessage(isolation.eventsStream, { last_by_subj: `${isolation.natsPrefix}events.agent.turn.requested` });
      expect(stored?.json()).toEqual({
        id: event.id,
        type: 'agent.turn.requested',
        workspaceId: 'ws_live',
        occurredAt: event.occurredAt,
        data: { conversationRef: 'conv1', reason: 'resume', messageIds: ['msg_conv1'] },
      });
    } finally {
      await relay.stop();
    }
  });

  it('listens again once its listening connection is lost: a later commit still wakes it at once', async () => {
    const relay = new OutboxRelay(orm, nc, { ...relayOptions(), pollIntervalMs: 60_000 });
    await relay.start();
    const admin = new PgClient({ connectionString: isolation.databaseUrl });
    await admin.connect();
    try {
      // What a PostgreSQL restart or a cut network does to the listening connection.
      const listeners = () =>
        admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`);
      const [lost] = (await listeners()).rows;
      await admin.query('select pg_terminate_backend($1)', [lost!.pid]);
      await eventually('a new listening connection', async () => (await listeners()).rows.some((row) => row.pid !== lost!.pid), 5_000);
      const event = await orm.em
        .fork()
        .transactional((em) => recordEvent(new Transaction(em), 'messaging', anEvent('ws_relisten', 'conv1')));
      // Far below the 60 s poll: the commit's NOTIFY reached the new connection.
      await eventually('the event in the stream', async () => (await publishedIds()).includes(event.id), 5_000);
    } finally {
      await admin.end();
      await relay.stop();
    }
  });

  it('publishes an event committed while it is publishing a batch without waiting for its poll', async () => {
    const commit = (messageId: string) =>
      orm.em.fork().transactional((em) => recordEvent(new Transaction(em), 'messaging', anEvent('ws_busy', messageId)));
    let meanwhile: Promise<{ id: string }> | null = null;
    // The first batch, while it is being published, sees a second event commit (and notify).
    class BusyRelay extends OutboxRelay {
      override publishBatch(): Promise<number> {
        return super.publishBatch(async () => {
          meanwhile ??= commit('during');
          await meanwhile;
        });
      }
    }
    const relay = new BusyRelay(orm, nc, { ...relayOptions(), pollIntervalMs: 60_000 });
    await relay.start();
    try {
      const first = await commit('first');
      await eventually('the first event', async () => (await publishedIds()).includes(first.id), 5_000);
      const during = await eventually('the second commit', async () => meanwhile ?? undefined);
      await eventually(
        'the event committed during the batch, long before the 60 s poll',
        async () => (await publishedIds()).includes(during.id),
        5_000,
      );
    } finally {
      await relay.stop();
    }
  });

  it("wakes this process's relay directly after a single-statement write, and NOTIFYs only when no relay here runs", async () => {
    const notified: string[] = [];
    const listener = new PgClient({ connectionString: isolation.databaseUrl });
    listener.on('notification', (message) => notified.push(message.payload ?? ''));
    await listener.connect();
    await listener.query(`LISTEN "${outboxChannel('messaging')}"`);
    // Outside a transaction, the statement has committed when it returns.
    const writeAlone = (key: string) => recordEvent(new Transaction(orm.em.fork()), 'messaging', anEvent('ws_alone', key));
    const relay = new OutboxRelay(orm, nc, { ...relayOptions(), pollIntervalMs: 60_000 });
    await relay.start();
    try {
      const woken = await writeAlone('local');
      await eventually('the event in the stream, long before the 60 s poll', async () => (await publishedIds()).includes(woken.id), 5_000);
      await relay.stop();
      expect(notified).toEqual([]);

      // No relay of the schema runs in this process: the write NOTIFYs the others.
      const notifying = await writeAlone('remote');
      await eventually('the NOTIFY', async () => notified.includes(notifying.id) || undefined, 5_000);
    } finally {
      await relay.stop();
      await listener.end();
    }
  });

  it('writes the events a unit of work records in one statement, with its next write alongside or before its commit; none when it throws', async () => {
    const unitOfWork = new UnitOfWork(new Database(orm));
    const execute = jest.spyOn(orm.em.getDriver().getConnection(), 'execute');
    const outboxWrites = () => execute.mock.calls.filter(([sql]) => String(sql).includes('outbox_event')).length;
    const stored = async (ids: string[]) =>
      (await orm.em.fork().execute<{ id: string }[]>('select id from messaging.outbox_event where id in (?) order by id', [ids])).map(
        (row) => row.id,
      );
    try {
      const withWrite = await unitOfWork.run(async (transaction) => {
        const first = await recordEvent(transaction, 'messaging', anEvent('ws_uow', 'a'));
        const second = await recordEvent(transaction, 'messaging', anEvent('ws_uow', 'b'));
        expect(outboxWrites()).toBe(0);
        const third = await recordEvents(transaction, 'messaging', [anEvent('ws_uow', 'c')], {
          alongside: [{ sql: 'select 1', params: [] }],
        });
        expect(outboxWrites()).toBe(1);
        return [first, second, ...third].map((event) => event.id);
      });
      expect(outboxWrites()).toBe(1);
      expect(await stored(withWrite)).toEqual([...withWrite].sort());

      execute.mockClear();
      const atCommit = await unitOfWork.run(async (transaction) =>
        [
          await recordEvent(transaction, 'messaging', anEvent('ws_uow', 'd')),
          await recordEvent(transaction, 'messaging', anEvent('ws_uow', 'e')),
        ].map((event) => event.id),
      );
      expect(outboxWrites()).toBe(1);
      expect(await stored(atCommit)).toEqual([...atCommit].sort());

      execute.mockClear();
      let recorded = '';
      await expect(
        unitOfWork.run(async (transaction) => {
          recorded = (await recordEvent(transaction, 'messaging', anEvent('ws_uow', 'f'))).id;
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(outboxWrites()).toBe(0);
      expect(await stored([recorded])).toEqual([]);
    } finally {
      execute.mockRestore();
    }
  });
});
