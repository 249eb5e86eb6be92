import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { messagingOperations } from '@platica/contracts';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  withAgents,
  type HttpAnswer,
  type StackApi,
} from '@platica/testing';
import { requestFingerprint } from '../src/idempotency/idempotency';

const FILE = 'https://cdn.example.test/promo.png';
const BUTTONS = [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }];

/**
 * `Idempotency-Key` (docs/sending-messages.md › Retrying safely): a retry with the key gets the
 * first answer again, marked `Idempotent-Replayed: true`, and nothing is sent twice; another
 * body under the key is a 422, a retry while the first runs a 409; over /mcp the key is the
 * tools' `idempotencyKey` argument, and one key is one request whichever way it came.
 */
describe('idempotency keys (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let other: MessagingWorkspace;

  /** What reached Meta for the phone, but the agent's own replies to the customer (`ECHO: …`). */
  const sentTo = (phone: string, w = ws) =>
    graph
      .sends(w.whatsapp.phoneNumberId)
      .filter((send) => send.body.to === phone && !String(send.body.text?.body ?? '').startsWith('ECHO'));
  const send = (phone: string, content: string, key?: string, w = ws) =>
    w.api.post('/v1/messages', { channelId: w.whatsapp.id, conversationId: phone, content }, key ? { 'idempotency-key': key } : {});
  const expectReplayOf = (replay: HttpAnswer, first: HttpAnswer) => {
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  };
  const mcpCall = async (name: string, args: Record<string, unknown>) => {
    const res = await ws.api.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { accept: 'application/json, text/event-stream' },
    );
    expect(res.status).toBe(200);
    const result = res.body.result as { isError?: boolean; content: { text: string }[]; _meta: Record<string, unknown> };
    return {
      status: result._meta['platica/status'],
      replayed: result._meta['platica/idempotentReplayed'] === true,
      body: JSON.parse(result.content[0]!.text),
    };
  };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners: [doc.users[0]!.email],
            audience: [{ phoneNumber: newPhone() }],
          },
        ],
      });
    });
    other = await MessagingWorkspace.seed(t, withAgents);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  it('answers a send retried with its key with the first answer, marked as a replay, sending once', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone); // opens the 24 h window for a free-form send
    const key = randomUUID();
    const first = await send(phone, 'Tu pedido salió hoy', key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await eventually('the message sent to Meta', async () => sentTo(phone).length === 1, 15_000);

    const replay = await send(phone, 'Tu pedido salió hoy', key);
    expectReplayOf(replay, first);
    // The same key in another workspace is that workspace's own.
    const elsewhere = newPhone();
    await other.customerWrites(elsewhere);
    const theirs = await send(elsewhere, 'Tu pedido salió hoy', key, other);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    // Without a key, a retry is a second message, as before.
    expect((await send(phone, 'Tu pedido salió hoy')).status).toBe(200);
    await eventually('the unkeyed retry sent', async () => sentTo(phone).length === 2, 15_000);
    expect(sentTo(phone).map((s) => s.body.text?.body)).toEqual(['Tu pedido salió hoy', 'Tu pedido salió hoy']);
  });

  it('refuses another body under a used key (422 naming the header), and a malformed key (400)', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone);
    const key = randomUUID();
    expect((await send(phone, 'primero', key)).status).toBe(200);
    const reused = await send(phone, 'otro texto', key);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      code: 422,
      error: expect.stringContaining('Idempotency-Key'),
      details: { header: 'Idempotency-Key', reason: 'idempotency_key_reused' },
    });
    const malformed = await send(phone, 'primero', 'dos palabras');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual([expect.objectContaining({ path: ['Idempotency-Key'] })]);
    await eventually('one message sent', async () => sentTo(phone).length === 1, 15_000);
    expect(sentTo(phone).map((s) => s.body.text?.body)).toEqual(['primero']);
  });

  it('answers 409 to a chat turn retried while the first still runs, then replays the first answer', async () => {
    const body = { agentId: ws.ids.agents.sofia.id, message: `¿Tienen envío? ${randomUUID()}` };
    const headers = { 'idempotency-key': randomUUID() };
    const release = llm.hold();
    let first: Promise<HttpAnswer>;
    try {
      first = ws.api.post('/v1/chat', body, headers);
      await eventually('the first turn calling the model', async () => JSON.stringify(llm.requests).includes(body.message), 20_000);
      const duplicate = await ws.api.post('/v1/chat', body, headers);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toEqual({
        code: 409,
        error: expect.stringContaining('still in progress'),
        details: { header: 'Idempotency-Key', reason: 'idempotency_key_in_progress' },
      });
    } finally {
      release();
    }
    const answered = await first;
    expect(answered.status).toBe(200);
    const modelCalls = () => llm.requests.filter((request) => JSON.stringify(request).includes(body.message)).length;
    const calledForTurn = modelCalls();
    expectReplayOf(await ws.api.post('/v1/chat', body, headers), answered);
    expect(modelCalls()).toBe(calledForTurn);
  });

  it('replays a template send and a campaign send', async () => {
    const phone = newPhone();
    const template = {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      template: { name: 'welcome', language: 'es_MX', params: ['Ana', 'A-1'], file: FILE, buttons: BUTTONS },
    };
    const headers = { 'idempotency-key': randomUUID() };
    const first = await ws.api.post('/v1/messages/template', template, headers);
    expect(first.status).toBe(200);
    expectReplayOf(await ws.api.post('/v1/messages/template', template, headers), first);
    await eventually('the template sent', async () => sentTo(phone).length === 1, 15_000);

    const campaign = `/v1/campaigns/${ws.ids.campaigns.promo.id}/send`;
    const run = { channelId: ws.whatsapp.id, template: { params: ['Cliente', 'B-2'], type: 'image', file: FILE, buttons: BUTTONS } };
    const queued = await ws.api.post(campaign, run, headers); // the same key: another operation's request is another request
    expect(queued.status).toBe(422);
    const campaignHeaders = { 'idempotency-key': randomUUID() };
    const started = await ws.api.post(campaign, run, campaignHeaders);
    expect(started.status).toBe(200);
    expectReplayOf(await ws.api.post(campaign, run, campaignHeaders), started);
    const detail = await ws.api.get(`/v1/campaigns/${ws.ids.campaigns.promo.id}`);
    expect(detail.body.workspaces[0].campaigns[0].runs).toHaveLength(1);
  });

  describe("a retry after the gateway's record of the key is lost (issue 51: a gateway killed or frozen holding it)", () => {
    /**
     * What a gateway that died (kill -9) or froze (SIGSTOP) with the request leaves: its claim,
     * unanswered and lapsed. A retry then claims the key afresh and reaches the service again.
     */
    const lapseClaim = async (key: string) => {
      const rows = await t.query(
        `update gateway.idempotency_key set status = null, headers = null, body = null, locked_until = now() - interval '1 second'
          where key = $1 returning key`,
        [key],
      );
      expect(rows).toHaveLength(1);
    };
    const expectSameAnswer = (retry: HttpAnswer, first: HttpAnswer) => {
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
      // Not the gateway's replay: the service answered from what the first request created.
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
    };

    it('answers a send with the first message, sent once', async () => {
      const phone = newPhone();
      await ws.customerWrites(phone);
      const key = randomUUID();
      const first = await send(phone, 'Una sola vez', key);
      expect(first.status).toBe(200);
      await lapseClaim(key);
      expectSameAnswer(await send(phone, 'Una sola vez', key), first);
      await eventually('the message sent to Meta', async () => sentTo(phone).length === 1, 15_000);
      // A claim lost again, and a send without the key: still the one message, then a second one.
      await t.query('delete from gateway.idempotency_key where key = $1', [key]);
      expectSameAnswer(await send(phone, 'Una sola vez', key), first);
      expect(sentTo(phone)).toHaveLength(1);
    });

    it('answers a template send and a scheduled send with what they first created', async () => {
      const phone = newPhone();
      const template = {
        channelId: ws.whatsapp.id,
        conversationId: phone,
        template: { name: 'welcome', language: 'es_MX', params: ['Ana', 'A-2'], file: FILE, buttons: BUTTONS },
      };
      const key = randomUUID();
      const first = await ws.api.post('/v1/messages/template', template, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      await lapseClaim(key);
      expectSameAnswer(await ws.api.post('/v1/messages/template', template, { 'idempotency-key': key }), first);

      const later = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Más tarde', delay: 3_600_000 };
      const laterKey = randomUUID();
      const scheduled = await ws.api.post('/v1/messages', later, { 'idempotency-key': laterKey });
      expect(scheduled.status).toBe(202);
      await lapseClaim(laterKey);
      const again = await ws.api.post('/v1/messages', later, { 'idempotency-key': laterKey });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ messageId: scheduled.body.messageId, executeAt: scheduled.body.executeAt });
      const pending = await ws.api.get('/v1/messages/scheduled');
      const toPhone = pending.body.messages.filter((m: { conversationId: string | null }) => m.conversationId === phone);
      expect(toPhone.map((m: { messageId: string }) => m.messageId)).toEqual([scheduled.body.messageId]);
      expect(sentTo(phone)).toHaveLength(1);
    });

    it('schedules a send as of its first attempt: a retry after the gateway froze before messaging had it is taken, not refused for its passed time', async () => {
      const phone = newPhone();
      await ws.customerWrites(phone);
      const scheduleTime = new Date(Date.now() + 2_000).toISOString();
      const body = { channelId: ws.whatsapp.id, conversationId: phone, content: 'A su hora', scheduleTime };
      const key = randomUUID();
      // What the frozen gateway left: its claim, made while `scheduleTime` was ahead, lapsed; messaging never had the request.
      await t.query(
        `insert into gateway.idempotency_key (workspace_id, key, fingerprint, operation_id, locked_until, created_at, expires_at)
         values ($1, $2, $3, $4, now() - interval '1 second', now(), now() + interval '1 day')`,
        [ws.ids.workspace.id, key, requestFingerprint(messagingOperations.send, {}, {}, body), messagingOperations.send.operationId],
      );
      await sleep(Date.parse(scheduleTime) - Date.now() + 500);
      const retry = await ws.api.post('/v1/messages', body, { 'idempotency-key': key });
      expect(retry.status).toBe(202);
      expect(retry.body).toMatchObject({ status: 'scheduled', scheduledTime: scheduleTime, executeAt: scheduleTime });
      await eventually('the scheduled message sent', async () => sentTo(phone).length === 1, 15_000);
      // The same request made now, without the key, is refused: its time has passed.
      const late = await ws.api.post('/v1/messages', body);
      expect(late.status).toBe(400);
      expect(late.body.details).toEqual([expect.objectContaining({ path: ['scheduleTime'] })]);
      expect(sentTo(phone)).toHaveLength(1);
    });

    it('answers a chat with the first turn, asking the model nothing again', async () => {
      const body = { agentId: ws.ids.agents.sofia.id, message: `¿Abren el domingo? ${randomUUID()}` };
      const key = randomUUID();
      const first = await ws.api.post('/v1/chat', body, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      const modelCalls = () => llm.requests.filter((request) => JSON.stringify(request).includes(body.message)).length;
      const calledForTurn = modelCalls();
      await lapseClaim(key);
      const retry = await ws.api.post('/v1/chat', body, { 'idempotency-key': key });
      // The same turn; its `timestamp` is when its reply was stored (the first said when the turn ended, moments after).
      expectSameAnswer(retry, { ...first, body: { ...first.body, timestamp: retry.body.timestamp } } as HttpAnswer);
      expect(Math.abs(Date.parse(retry.body.timestamp) - Date.parse(first.body.timestamp))).toBeLessThan(5_000);
      expect(modelCalls()).toBe(calledForTurn);
      const thread = await ws.api.get(`/v1/chat/${first.body.id}`);
      expect(thread.body.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
    });

    it('answers a chat whose turn failed with that failure (502, accepted), not 409 for ever, asking the model nothing again', async () => {
      const body = { agentId: ws.ids.agents.sofia.id, message: `¿Y el lunes? ${randomUUID()}` };
      const key = randomUUID();
      // Every attempt of the turn's model call fails: the turn ends without a reply.
      llm.failNext(3);
      const first = await ws.api.post('/v1/chat', body, { 'idempotency-key': key });
      expect(first.status).toBe(502);
      expect(first.body.details).toMatchObject({
        id: expect.stringMatching(/^conv_/),
        conversationId: expect.stringMatching(/^chat_/),
        requestMessageId: expect.stringMatching(/^msg_/),
        accepted: true,
      });
      const modelCalls = () => llm.requests.filter((request) => JSON.stringify(request).includes(body.message)).length;
      const calledForTurn = modelCalls();
      await lapseClaim(key);
      expectSameAnswer(await ws.api.post('/v1/chat', body, { 'idempotency-key': key }), first);
      expect(modelCalls()).toBe(calledForTurn);
    });

    it('answers a campaign send with its first run', async () => {
      const campaign = `/v1/campaigns/${ws.ids.campaigns.promo.id}/send`;
      const run = { channelId: ws.whatsapp.id, template: { params: ['Cliente', 'C-3'], type: 'image', file: FILE, buttons: BUTTONS } };
      const before = (await ws.api.get(`/v1/campaigns/${ws.ids.campaigns.promo.id}`)).body.workspaces[0].campaigns[0].runs.length;
      const key = randomUUID();
      const first = await ws.api.post(campaign, run, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      await lapseClaim(key);
      expectSameAnswer(await ws.api.post(campaign, run, { 'idempotency-key': key }), first);
      const detail = await ws.api.get(`/v1/campaigns/${ws.ids.campaigns.promo.id}`);
      expect(detail.body.workspaces[0].campaigns[0].runs).toHaveLength(before + 1);
    });
  });

  it('takes the key over /mcp as idempotencyKey: a retried tool call and the REST request with the key are one send', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone);
    const idempotencyKey = randomUUID();
    const args = { channelId: ws.whatsapp.id, conversationId: phone, content: 'Desde el asistente' };
    const first = await mcpCall('messages_send', { ...args, idempotencyKey });
    expect(first).toMatchObject({ status: 200, replayed: false });
    expect(await mcpCall('messages_send', { ...args, idempotencyKey })).toEqual({ ...first, replayed: true });
    expectReplayOf(await send(phone, 'Desde el asistente', idempotencyKey), { status: 200, body: first.body } as HttpAnswer);
    expect(await mcpCall('messages_send', { ...args, content: 'otro', idempotencyKey })).toMatchObject({
      status: 422,
      body: { details: { reason: 'idempotency_key_reused' } },
    });
    await eventually('one message sent', async () => sentTo(phone).length === 1, 15_000);
  });
});
