import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EventStreamReader, eventually, MessagingWorkspace, newPhone, startTestStack, type TestStack } from '@platica/testing';

/**
 * `GET /v1/events` (docs/events.md): the workspace's events live as server-sent events,
 * filtered by type, resumable with Last-Event-ID, never another workspace's, and within the
 * limits a credential has.
 */
describe('event stream (e2e)', () => {
  let t: TestStack;
  let nc: NatsConnection;
  let js: JetStreamClient;
  let ws: MessagingWorkspace;
  let other: { workspaceId: string; key: string };
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    // A stack of its own: its own per-credential stream limit and heartbeat, process settings.
    t = await startTestStack({ PLATICA_EVENT_STREAMS_PER_CREDENTIAL: '3', PLATICA_EVENT_STREAM_HEARTBEAT_MS: '500' });
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    js = jetstream(nc);
    ws = await MessagingWorkspace.seed(t);
    other = await t.seedMinimalWorkspace();
  });
  afterEach(() => {
    for (const reader of open.splice(0)) reader.close();
  });
  afterAll(async () => {
    await nc?.close();
    await t?.stop();
  });

  const key = () => ws.ids.apiKeys.main.key as string;
  const stream = async (credential: string, query = '', headers: Record<string, string> = {}) => {
    const reader = await EventStreamReader.open(`${t.baseUrl}/v1/events${query}`, { authorization: `Bearer ${credential}`, ...headers });
    open.push(reader);
    if (reader.status === 200)
      await reader.until('the stream to be connected', (r) => r.frames.some((f) => f.comments.includes('connected')));
    return reader;
  };
  /** An event as a service's outbox relay publishes it. */
  const publish = async (workspaceId: string, type: string, data: Record<string, unknown> = {}) => {
    const event = {
      id: `evt_${Date.now().toString(36)}${randomBytes(8).toString('hex')}`,
      type,
      workspaceId,
      occurredAt: new Date().toISOString(),
      data,
    };
    await js.publish(`${t.isolation.natsPrefix}events.${type}`, JSON.stringify(event), { msgID: event.id });
    return event;
  };
  const eventIds = (reader: EventStreamReader) => reader.events.map((frame) => JSON.parse(frame.data!).id as string);

  it('streams a message.created live as a customer writes, with the envelope webhooks carry', async () => {
    const reader = await stream(key());
    expect(reader.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reader.headers.get('cache-control')).toContain('no-cache');
    const { phone } = await ws.customerWrites(newPhone(), 'hola en vivo');
    await reader.until('message.created', (r) => r.events.some((f) => f.event === 'message.created'));
    const frame = reader.events.find((f) => f.event === 'message.created')!;
    expect(frame.id).toMatch(/^\d+$/);
    const envelope = JSON.parse(frame.data!);
    expect(envelope).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'message.created',
      workspaceId: ws.id,
      occurredAt: expect.any(String),
      data: expect.objectContaining({ message: expect.objectContaining({ content: 'hola en vivo', direction: 'incoming' }) }),
    });
    await reader.until('conversation.created', (r) => r.events.some((f) => f.event === 'conversation.created'));
    expect(JSON.parse(reader.events.find((f) => f.event === 'conversation.created')!.data!).data.conversation.conversationId).toBe(phone);
    // Internal events (the agent's turn request) never reach the stream.
    expect(reader.events.filter((f) => f.event === 'agent.turn.requested')).toEqual([]);
    // Ids rise with the stream.
    const ids = reader.events.map((f) => Number(f.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('sends only the types asked for', async () => {
    const one = await stream(key(), '?types=message.created');
    const two = await stream(key(), '?types=client.created,conversation.created');
    const skipped = await publish(ws.id, 'conversation.created', { n: 1 });
    const created = await publish(ws.id, 'client.created', { n: 2 });
    const wanted = await publish(ws.id, 'message.created', { n: 3 });
    await one.until('the message', (r) => eventIds(r).includes(wanted.id));
    await two.until('the client', (r) => eventIds(r).includes(created.id));
    expect(eventIds(one)).toEqual([wanted.id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventIds(two)).toEqual([skipped.id, created.id]);
  });

  it('resumes after Last-Event-ID without gaps or duplicates, including what was published while away', async () => {
    const first = await stream(key(), '?types=message.created');
    const before = [await publish(ws.id, 'message.created', { n: 1 }), await publish(ws.id, 'message.created', { n: 2 })];
    await first.until('both events', (r) => r.events.length === 2);
    const lastSeen = first.events[0]!.id!;
    first.close();
    const whileAway = [await publish(ws.id, 'message.created', { n: 3 }), await publish(ws.id, 'message.created', { n: 4 })];

    const resumed = await stream(key(), '?types=message.created', { 'last-event-id': lastSeen });
    await resumed.until('the missed events', (r) => r.events.length >= 3);
    const after = await publish(ws.id, 'message.created', { n: 5 });
    await resumed.until('the live event', (r) => eventIds(r).includes(after.id));
    expect(eventIds(resumed)).toEqual([before[1]!.id, ...whileAway.map((e) => e.id), after.id]);

    // The same with the query parameter, for clients that cannot set headers.
    const byQuery = await stream(key(), `?types=message.created&lastEventId=${resumed.events.at(-2)!.id}`);
    await byQuery.until('the last event', (r) => r.events.length >= 1);
    expect(eventIds(byQuery)).toEqual([after.id]);
  });

  it("never sends another workspace's events, and refuses a workspace the key does not reach", async () => {
    const mine = await stream(key());
    const theirs = await stream(other.key);
    const foreign = await publish(other.workspaceId, 'message.created', { n: 'theirs' });
    const own = await publish(ws.id, 'message.created', { n: 'mine' });
    await mine.until('my event', (r) => eventIds(r).includes(own.id));
    await theirs.until('their event', (r) => eventIds(r).includes(foreign.id));
    expect(eventIds(mine)).toEqual([own.id]);
    expect(eventIds(theirs)).toEqual([foreign.id]);

    const elsewhere = await stream(key(), `?workspace=${other.workspaceId}`);
    expect(elsewhere.status).toBe(404);
    expect(JSON.parse(elsewhere.body)).toMatchObject({ code: 404 });
  });

  it('is open to an agent-role user of the workspace (the inbox uses it), whose takeover records their user id', async () => {
    const email = `agent-${randomBytes(4).toString('hex')}@example.test`;
    const name = (await t.query(`select name from gateway.workspace where id = $1`, [ws.id]))[0]!.name;
    expect((await t.admin.post('/admin/v1/seed', { workspace: { name }, users: [{ email, role: 'agent' }] })).status).toBe(200);
    const minted = await t.admin.post('/admin/v1/tokens', { userEmail: email, workspaceIds: [ws.id], scopes: ['platica:read'] });
    const reader = await stream(minted.body.token);
    expect(reader.status).toBe(200);
    const event = await publish(ws.id, 'message.created');
    await reader.until('the event', (r) => eventIds(r).includes(event.id));

    // The agent takes a conversation over (`assistance`): who did it is recorded (internal: the spec's conversation has no field for it).
    const { conversation } = await ws.customerWrites(newPhone(), 'quiero hablar con una persona');
    const writer = await t.admin.post('/admin/v1/tokens', {
      userEmail: email,
      workspaceIds: [ws.id],
      scopes: ['platica:read', 'platica:write'],
    });
    const takeover = await t.http.withToken(writer.body.token).patch(`/v1/conversations/${conversation.id}`, { operation: 'assistance' });
    expect(takeover.status).toBe(200);
    const userId = (await t.query(`select id from gateway.user_account where email = $1`, [email]))[0]!.id;
    const [row] = await t.query(`select operation, operation_changed_by from messaging.conversation where id = $1`, [conversation.id]);
    expect(row).toEqual({ operation: 'assistance', operation_changed_by: userId });
  });

  it('relays presence, asked for by type, from any gateway replica to the workspace only, with no id (never replayed)', async () => {
    const replica = `http://127.0.0.1:${(await t.stack.addReplica('gateway')).port}`;
    const onReplica = await EventStreamReader.open(`${replica}/v1/events?types=presence.updated,message.created`, {
      authorization: `Bearer ${key()}`,
    });
    open.push(onReplica);
    await onReplica.until('the stream to be connected', (r) => r.frames.some((f) => f.comments.includes('connected')));
    const withoutPresence = await stream(key(), '?types=message.created');
    const otherWorkspace = await stream(other.key, '?types=presence.updated');

    const said = await t.http.withToken(key()).post('/v1/conversations/conv_presence_1/presence', { activity: 'typing' });
    expect(said.status).toBe(200);
    expect(said.body.data).toEqual({
      conversationId: 'conv_presence_1',
      userId: expect.any(String),
      name: expect.any(String),
      activity: 'typing',
      ttlSeconds: 15,
      at: expect.any(String),
    });
    await onReplica.until('presence.updated', (r) => r.events.some((f) => f.event === 'presence.updated'));
    const frame = onReplica.events.find((f) => f.event === 'presence.updated')!;
    expect(frame.id).toBeUndefined();
    expect(JSON.parse(frame.data!)).toEqual({
      type: 'presence.updated',
      workspaceId: ws.id,
      occurredAt: said.body.data.at,
      data: said.body.data,
    });

    await t.http.withToken(key()).post('/v1/conversations/conv_presence_1/presence', { activity: 'left' });
    await onReplica.until('left', (r) =>
      r.events.some((f) => f.event === 'presence.updated' && JSON.parse(f.data!).data.activity === 'left'),
    );
    expect(withoutPresence.events).toEqual([]);
    expect(otherWorkspace.events).toEqual([]);
    expect((await t.http.withToken(key()).post('/v1/conversations/conv_presence_1/presence', { activity: 'dancing' })).status).toBe(400);
  });

  it('sends heartbeats while idle', async () => {
    const reader = await stream(key(), '?types=client.blocked');
    await reader.until('two heartbeats', (r) => r.frames.filter((f) => f.comments.includes('heartbeat')).length >= 2, 5_000);
  });

  it('ends the stream of a key revoked while it is open', async () => {
    const created = (await ws.api.post('/v1/api-keys', { name: `revoked ${randomBytes(4).toString('hex')}` })).body.data;
    const reader = await stream(created.key as string, '?types=client.blocked');
    expect(reader.status).toBe(200);
    expect((await ws.api.delete(`/v1/api-keys/${created.id}`)).status).toBe(200);
    await eventually('the stream to end', async () => reader.ended, 5_000, 50);
  });

  it('refuses what it cannot serve: a bad type or id (400), no credential (401), too many streams (429)', async () => {
    const badType = await stream(key(), '?types=message.created,message.renamed');
    expect(badType.status).toBe(400);
    expect(JSON.parse(badType.body).details).toEqual([{ path: ['types'], message: expect.stringContaining('message.created') }]);
    const badId = await stream(key(), '', { 'last-event-id': 'yesterday' });
    expect(badId.status).toBe(400);
    expect(JSON.parse(badId.body).details).toEqual([{ path: ['Last-Event-ID'], message: expect.any(String) }]);
    const anonymous = await EventStreamReader.open(`${t.baseUrl}/v1/events`, {});
    expect(anonymous.status).toBe(401);

    // A key of its own, so no stream of another test counts.
    const limited = (await ws.api.post('/v1/api-keys', { name: `streams ${randomBytes(4).toString('hex')}` })).body.data.key as string;
    const streams = await Promise.all([stream(limited), stream(limited), stream(limited)]);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await stream(limited);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body)).toMatchObject({ code: 429, details: { limit: 3 } });
    // A closed stream frees its place.
    streams[0]!.close();
    const again = await (async () => {
      for (let i = 0; i < 40; i += 1) {
        const reader = await stream(limited);
        if (reader.status === 200) return reader;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    })();
    expect(again?.status).toBe(200);
  });

  it("resumes an id past the stream's retention from the oldest event kept, saying so", async () => {
    const old = await publish(ws.id, 'message.created', { n: 'old' });
    const reader = await stream(key(), '?types=message.created');
    const kept = await publish(ws.id, 'message.created', { n: 'kept' });
    await reader.until('the kept event', (r) => eventIds(r).includes(kept.id));
    const keptId = Number(reader.events.at(-1)!.id);
    // Retention drops everything before `kept` (as max_age would, a week later).
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(t.isolation.eventsStream, { seq: keptId });
    const resumed = await stream(key(), '?types=message.created', { 'last-event-id': '1' });
    await resumed.until('the kept event', (r) => eventIds(r).includes(kept.id));
    expect(eventIds(resumed)).not.toContain(old.id);
    expect(resumed.frames.flatMap((f) => f.comments).join('\n')).toMatch(/past the stream's retention: resuming from the oldest kept, \d+/);
  });
});
