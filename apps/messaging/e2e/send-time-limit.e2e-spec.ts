import { randomUUID } from 'node:crypto';
import { eventually, FakeMetaGraph, MessagingWorkspace, newPhone, startTestStack, type TestStack } from '@platica/testing';

/** The route's time limit here, and Graph's own (longer: Meta still answers after the request's limit). */
const RPC_TIMEOUT_MS = 4_000;
const GRAPH_TIMEOUT_MS = 20_000;

/**
 * A send past its time limit (issue 51 item 2, docs/sending-messages.md › Retrying safely): its
 * message is stored before Graph is called, so the 504 says the send was accepted and names the
 * message; the delivery goes on, and a retry with the key answers that message, sending nothing twice.
 * And a send whose messaging process dies while Graph holds it: Meta's status settles it, or,
 * none coming, it ends failed `unconfirmed`; a keyed retry answers that, never 409 for ever,
 * and it is never sent again.
 */
describe('a send past its time limit (e2e)', () => {
  let t: TestStack;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    // A stack of its own: the route's and Graph's time limits are process settings. messaging in a
    // process of its own: the last tests kill it mid-send.
    t = await startTestStack(
      {
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        META_GRAPH_TIMEOUT_MS: String(GRAPH_TIMEOUT_MS),
        // The shortest; the sweep still waits for Graph's own limit (and 5 s) to have passed.
        UNCONFIRMED_SEND_AFTER_MS: '1000',
      },
      { ownProcesses: ['messaging'] },
    );
    ws = await MessagingWorkspace.seed(t);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
  });

  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((send) => send.body.to === phone);

  it('answers 504 naming the accepted message, delivers it once Graph answers, and a keyed retry answers it', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone);
    const key = randomUUID();
    const body = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Llegó tarde' };
    const release = graph.hold();
    let answer;
    try {
      const began = Date.now();
      answer = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
      // The route's limit answered, not Graph's: the margin is half of the gap between them, as a
      // loaded CI machine adds more than a second of its own (5.5 s seen once).
      expect(Date.now() - began).toBeLessThan((RPC_TIMEOUT_MS + GRAPH_TIMEOUT_MS) / 2);
    } finally {
      release();
    }
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({
      code: 504,
      error: expect.stringContaining('accepted'),
      details: { accepted: true, messageId: expect.stringMatching(/^msg_/), id: expect.stringMatching(/^conv_/), conversationId: phone },
    });
    const { messageId, id } = answer.body.details;
    // Graph answered after the limit: the message is stored sent (shown `received`: docs/sending-messages.md
    // › Message status), under the id the 504 named.
    await eventually(
      'the message stored sent',
      async () => {
        const detail = await ws.api.get(`/v1/conversations/${id}`);
        const messages = detail.body.workspaces?.[0]?.conversations?.[0]?.messages ?? [];
        return messages.find((m: { id: string; status: string }) => m.id === messageId && m.status === 'received');
      },
      15_000,
    );
    // The gateway kept the 504 for the key; with that record gone (a gateway killed or frozen
    // holding it), the retry reaches messaging, which answers the message the first request stored.
    await t.query('delete from gateway.idempotency_key where key = $1', [key]);
    const retry = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ messageId, status: 'sent', timestamp: expect.any(String) });
    expect(sentTo(phone)).toHaveLength(1);
  });

  it('answers 409 naming the message to a keyed retry while Graph still holds the first', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone);
    const key = randomUUID();
    const body = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Aún en camino' };
    const release = graph.hold();
    try {
      const first = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
      expect(first.status).toBe(504);
      await t.query('delete from gateway.idempotency_key where key = $1', [key]);
      const retry = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
      expect(retry.status).toBe(409);
      expect(retry.body.details).toEqual({
        reason: 'idempotency_key_in_progress',
        accepted: true,
        messageId: first.body.details.messageId,
        id: first.body.details.id,
        conversationId: phone,
      });
    } finally {
      release();
    }
    await eventually('the one send answered', async () => sentTo(phone)[0]?.status === 200, 15_000);
    expect(sentTo(phone)).toHaveLength(1);
  });
  /**
   * Sends `body` with `key` while Graph holds every send, and SIGKILLs messaging once Graph has
   * the send (stored `sending`, Graph's answer not yet known), releases Graph while messaging is
   * down, then starts messaging again; answers the message's id.
   */
  async function sendAndKillMidway(phone: string, body: object, key: string): Promise<string> {
    const release = graph.hold();
    try {
      const answer = ws.api.post('/v1/messages', body, { 'idempotency-key': key });
      await eventually('Graph holding the send', async () => (sentTo(phone).length ? true : undefined), 15_000, 50);
      t.stack.services.get('messaging')!.process.kill('SIGKILL');
      // The gateway's own limit answers the request: messaging died with it.
      expect((await answer).status).toBe(504);
    } finally {
      release();
    }
    const [claim] = await t.query<{ id: string; status: string }>(
      `select id, status from messaging.message where conversation_ref = (select id from messaging.conversation where conversation_id = $1) and role = 'assistant'`,
      [phone],
    );
    expect(claim).toMatchObject({ status: 'sending' });
    await t.stack.startService('messaging');
    return claim!.id;
  }

  const stored = async (id: string) =>
    (
      await t.query<{ status: string; external_id: string | null; error: { reason?: string } | null }>(
        'select status, external_id, error from messaging.message where id = $1',
        [id],
      )
    )[0];

  it('marks a send that died mid-way and that Meta never confirmed failed, unconfirmed; a keyed retry answers it, sending nothing', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone);
    const key = randomUUID();
    const body = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Sin confirmar' };
    const messageId = await sendAndKillMidway(phone, body, key);
    await t.query('delete from gateway.idempotency_key where key = $1', [key]);
    // Before the sweep: still in flight, named.
    const early = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
    expect(early.status).toBe(409);
    expect(early.body.details).toMatchObject({ reason: 'idempotency_key_in_progress', accepted: true, messageId });
    await eventually(
      'the send settled by the sweep',
      async () => ((await stored(messageId))?.status === 'failed' ? true : undefined),
      60_000,
      500,
    );
    expect((await stored(messageId))!.error).toMatchObject({ provider: 'meta', reason: 'unconfirmed' });
    await t.query('delete from gateway.idempotency_key where key = $1', [key]);
    const retry = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
    expect(retry.status).toBe(502);
    expect(retry.body.details).toMatchObject({ reason: 'unconfirmed', messageId, messageStatus: 'failed' });
    expect(retry.body.error).toMatch(/not sent again/);
    expect(sentTo(phone)).toHaveLength(1);
  }, 120_000);

  it("settles a send that died mid-way by Meta's status webhook: shown sent, a keyed retry answers it, sent once", async () => {
    graph.reportStatuses({
      baseUrl: t.baseUrl,
      channels: [{ phoneNumberId: ws.whatsapp.phoneNumberId, displayPhone: ws.whatsapp.phoneNumber, appSecret: ws.whatsapp.appSecret }],
    });
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone);
    const key = randomUUID();
    const body = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Confirmado por Meta' };
    const messageId = await sendAndKillMidway(phone, body, key);
    // Graph carried the message's id; Meta's status, redelivered until messaging is back, names it.
    expect(sentTo(phone)[0]!.body.biz_opaque_callback_data).toBe(messageId);
    await eventually(
      'the send settled by the status',
      async () => ((await stored(messageId))?.status === 'sent' ? true : undefined),
      30_000,
      200,
    );
    expect((await stored(messageId))!.external_id).toMatch(/^wamid\./);
    const detail = (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0];
    expect(detail.messages.filter((m: { id: string }) => m.id === messageId)).toHaveLength(1);
    await t.query('delete from gateway.idempotency_key where key = $1', [key]);
    const retry = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ messageId, status: 'sent', timestamp: expect.any(String) });
    expect(sentTo(phone)).toHaveLength(1);
  }, 120_000);
});
