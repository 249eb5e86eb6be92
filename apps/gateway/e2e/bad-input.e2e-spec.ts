import { request as httpRequest } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { Client as PgClient } from 'pg';
import {
  deliverMetaWebhook,
  eventually,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  whatsappInbound,
  withAgents,
  type HttpAnswer,
  type TestStack,
} from '@platica/testing';

/**
 * Issue 11, "Bad input never breaks Plática": each numbered finding of the issue, reproduced
 * through the gateway's HTTP as an outside tester did, answers in the spec's shape (never a
 * 500), and nothing is lost or stored that should not be.
 */
describe('bad input (e2e)', () => {
  const AUTH_FAILURE_LIMIT = 5;
  const AUTH_FAILURE_WINDOW_SECONDS = 3;
  let t: TestStack;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    // A stack of its own: its own failed-authentication limits, a process setting.
    t = await startTestStack({
      PLATICA_AUTH_FAILURE_LIMIT: String(AUTH_FAILURE_LIMIT),
      PLATICA_AUTH_FAILURE_WINDOW_SECONDS: String(AUTH_FAILURE_WINDOW_SECONDS),
    });
    ws = await MessagingWorkspace.seed(t, withAgents);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const expectSpecError = (answer: Pick<HttpAnswer, 'status' | 'body'>, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const fieldPaths = (answer: HttpAnswer) => (answer.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
  /** A request written byte for byte on a socket (for what fetch refuses to send). */
  const rawHttp = (request: string | Buffer) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const socket = connectTcp(Number(new URL(t.baseUrl).port), '127.0.0.1', () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        try {
          resolve({ status, body: JSON.parse(body) });
        } catch {
          reject(new Error(`not a JSON answer: ${text}`));
        }
      });
      socket.setTimeout(10_000, () => socket.destroy());
    });
  const postRaw = async (path: string, body: string | Buffer, contentType = 'application/json') => {
    const res = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ws.ids.apiKeys.main.key}`, 'content-type': contentType },
      // The DOM's BodyInit (the console's lib) takes bytes as a Uint8Array, not a Buffer.
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
  };

  describe('finding 1: NUL characters', () => {
    it('in a body, a path id or a list filter answer 400 naming the field, on every service and the admin API', async () => {
      const send = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        phoneNumber: '5215512345678',
        message: { type: 'text', text: 'a\u0000b' },
      });
      expectSpecError(send, 400);
      expect(fieldPaths(send)).toEqual(['message.text']);
      const chat = await ws.api.post('/v1/chat', { message: 'hola\u0000' });
      expect(fieldPaths(chat)).toEqual(['message']);
      const agent = await ws.api.patch('/v1/agents/agt_x', { name: 'x\u0000' });
      expect(fieldPaths(agent)).toEqual(['name']);
      const webhook = await ws.api.post('/v1/webhooks', { name: 'n', url: 'https://example.test/\u0000' });
      expect(fieldPaths(webhook)).toEqual(['url']);

      const pathId = await ws.api.get('/v1/agents/%00');
      expectSpecError(pathId, 400);
      expect(fieldPaths(pathId)).toEqual(['agentId']);
      const filter = await ws.api.get('/v1/conversations?channelId=a%00');
      expectSpecError(filter, 400);
      expect(fieldPaths(filter)).toEqual(['channelId']);

      const seed = await t.admin.post('/admin/v1/seed', { workspace: { name: 'evil\u0000' } });
      expectSpecError(seed, 400);
      expect(fieldPaths(seed)).toEqual(['workspace.name']);
    });
  });

  describe('finding 2: lone UTF-16 surrogates and invalid UTF-8', () => {
    it('answer 400 naming the field, where they would land in a JSON column and elsewhere', async () => {
      // JSON.stringify writes a lone surrogate as the escape \udc00, as a hostile client would.
      const send = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        phoneNumber: '5215512345678',
        message: { type: 'text', text: 'a\udc00b' },
      });
      expectSpecError(send, 400);
      expect(fieldPaths(send)).toEqual(['message.text']);
      const client = await ws.api.patch('/v1/clients/cli_x', { name: '\ud800' });
      expect(fieldPaths(client)).toEqual(['name']);
      const query = await ws.api.get('/v1/conversations?channelId=%ED%B0%80');
      expectSpecError(query, 400);
      expect(fieldPaths(query)).toEqual(['channelId']);
    });

    it('a body that is not valid UTF-8 answers 400 instead of being stored with U+FFFD', async () => {
      const json = Buffer.from(`{"channelId":"${ws.whatsapp.id}","phoneNumber":"5215512345678","message":{"type":"text","text":"caf`);
      const res = await postRaw('/v1/messages', Buffer.concat([json, Buffer.from([0xe9]), Buffer.from('"}}')]));
      expectSpecError(res, 400);
      expect(res.body.details).toEqual([{ path: [], message: 'the body is not valid UTF-8' }]);
    });
  });

  describe('finding 3: a scheduled chat turn that fails after its 202', () => {
    it('ends in a visible failed state in GET /v1/chat/{id}, with its error (here: its agent deactivated before it ran)', async () => {
      const agentId = ws.ids.agents.billing.id as string;
      const scheduled = await ws.api.post('/v1/chat', {
        agentId,
        client: { email: `later-${Date.now()}@example.test` },
        message: 'hola, más tarde',
        delay: 3_000,
      });
      expect(scheduled.status).toBe(202);
      expect((await ws.api.patch(`/v1/agents/${agentId}`, { status: 'inactive' })).status).toBe(200);

      const chat = await eventually(
        'the scheduled turn to have run',
        async () => {
          const res = await ws.api.get(`/v1/chat/${scheduled.body.id}`);
          return res.status === 200 && res.body.messages.length > 0 ? res.body : undefined;
        },
        30_000,
        250,
      );
      expect(chat.id).toBe(scheduled.body.id);
      expect(chat.messages).toEqual([
        expect.objectContaining({
          id: scheduled.body.requestMessageId,
          role: 'user',
          content: 'hola, más tarde',
          status: 'failed',
          error: { code: 'unprocessable', message: `Agent ${agentId} is inactive: the scheduled turn did not run` },
        }),
      ]);
    });
  });

  describe('finding 4: deep nesting', () => {
    it('JSON nested 5,000 (or 33) deep answers 400; 32 levels pass the edge', async () => {
      const nested = (depth: number) => `{"message":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      for (const depth of [5_000, 100_000, 33]) {
        const res = await postRaw('/v1/chat', nested(depth));
        expectSpecError(res, 400);
        expect(res.body.details).toEqual([{ path: [], message: 'the body nests deeper than 32 levels' }]);
      }
      // 32 levels reach the service, which judges the fields (a message is a string).
      const atBound = await postRaw('/v1/chat', nested(32));
      expectSpecError(atBound, 400);
      expect(fieldPaths(atBound as HttpAnswer)).toContain('message');
    });
  });

  describe('finding 5: sizes the forwarding path cannot carry', () => {
    it('a /v1 body just under 1 MiB, or over it, answers 413 in the spec shape', async () => {
      for (const size of [1024 * 1024 - 512, 2 * 1024 * 1024]) {
        const body = JSON.stringify({ message: 'x'.repeat(size - 20) });
        const res = await postOversized('/v1/chat', body);
        expectSpecError(res, 413);
      }
    });

    /**
     * The gateway answers 413 as soon as it knows the size and closes the connection (the rest of
     * the body is not read), as HTTP allows. fetch fails when its write then breaks; a client that
     * reads the answer while writing, as this one, gets the 413 every time.
     */
    const postOversized = (path: string, body: string) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = httpRequest(`${t.baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ws.ids.apiKeys.main.key}`, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          res.on('error', reject);
        });
        // A write broken by the early close is expected; no answer at all is not.
        req.on('error', (error) => setTimeout(() => reject(error), 2_000));
        req.end(body);
      });

    it('a /hooks/meta body over the bound answers 413 in the spec shape, not 500', async () => {
      const wa = ws.whatsapp;
      const payload = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '0',
            changes: [{ field: 'messages', value: { metadata: { phone_number_id: wa.phoneNumberId }, padding: 'x'.repeat(1_100_000) } }],
          },
        ],
      };
      const res = await deliverMetaWebhook(t.baseUrl, payload, wa.appSecret);
      expectSpecError(res, 413);
    });
  });

  describe('finding 6: inbound batches', () => {
    it('a poisoned Meta delivery among concurrent valid ones: every delivery answers 200, the valid ones are stored, the poisoned ones kept as rejected', async () => {
      const wa = ws.whatsapp;
      const inbound = (from: string, text: string) =>
        whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from, text });
      const validPhones = Array.from({ length: 36 }, () => newPhone());
      const deep = JSON.stringify(inbound(newPhone(), 'deep')).replace('"deep"', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
      const poisoned = [
        JSON.stringify(inbound(newPhone(), 'nul \u0000 here')),
        JSON.stringify(inbound(newPhone(), 'a\udc00b')),
        JSON.stringify(inbound(newPhone(), 'key')).replace('"body":"key"', '"body":"x","b\\u0000d":1'),
        deep,
      ];
      const raws = [...validPhones.map((phone) => JSON.stringify(inbound(phone, `hola ${phone}`))), ...poisoned];
      // Poisoned deliveries interleaved with valid ones, all in flight together (one group commit).
      const order = raws.map((raw, i) => ({ raw, key: (i * 7) % raws.length })).sort((x, y) => x.key - y.key);
      const answers = await Promise.all(order.map(({ raw }) => deliverMetaWebhook(t.baseUrl, raw, wa.appSecret)));
      expect(answers.map((a) => a.status)).toEqual(order.map(() => 200));

      await eventually(
        'every valid delivery stored as a conversation',
        async () => {
          const list = await ws.api.get(`/v1/conversations?channelId=${wa.id}&limit=200`);
          const phones = new Set(list.body.workspaces[0].conversations.map((c: { conversationId: string }) => c.conversationId));
          return validPhones.every((phone) => phones.has(phone));
        },
        30_000,
      );
      const db = new PgClient({ connectionString: t.isolation.databaseUrl });
      await db.connect();
      try {
        const rejected = await db.query<{ reason: string; raw_base64: string }>(
          'select reason, raw_base64 from messaging.inbound_rejection',
        );
        expect(rejected.rows.map((r) => Buffer.from(r.raw_base64, 'base64').toString('utf8')).sort()).toEqual([...poisoned].sort());
        expect(rejected.rows.map((r) => r.reason).sort()).toEqual(
          [
            '["entry",0,"changes",0,"value","messages",0,"text","body"]: must not contain a NUL character (U+0000)',
            '["entry",0,"changes",0,"value","messages",0,"text","body"]: must not contain a lone UTF-16 surrogate',
            '["entry",0,"changes",0,"value","messages",0,"text","b\\u0000d"]: the field name must not contain a NUL character (U+0000)',
            'nested deeper than 64 levels',
          ].sort(),
        );
      } finally {
        await db.end();
      }
    });
  });

  describe('finding 7: framework errors', () => {
    it('answer in the spec shape: 414, bad URL encoding, 415, 431 and a control character in a header', async () => {
      const longId = await ws.api.get(`/v1/agents/${'a'.repeat(101)}`);
      expectSpecError(longId, 414);
      const badUrl = await ws.api.get('/v1/conversations/%E0%A4%A');
      expectSpecError(badUrl, 400);
      const unsupported = await postRaw('/v1/chat', 'hola', 'text/plain');
      expectSpecError(unsupported, 415);
      const bigHeader = await ws.api.get('/v1/agents', { 'x-padding': 'x'.repeat(20_000) });
      expectSpecError(bigHeader, 431);
      const control = await rawHttp(`GET /v1/agents HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\u0001b\r\n\r\n`);
      expectSpecError(control, 400);
    });
  });

  describe('finding 8: references in writes', () => {
    let stranger: MessagingWorkspace;
    beforeAll(async () => {
      stranger = await MessagingWorkspace.seed(t, (doc) =>
        Object.assign(doc, { campaigns: [{ ref: 'promo', title: 'Promo', category: 'marketing' }] }),
      );
    });

    it("a send naming another workspace's or an unknown campaignId answers 400 naming it, and nothing is scheduled", async () => {
      const foreign: string = stranger.ids.campaigns.promo.id;
      const send = (campaignId: string, extra: Record<string, unknown> = {}) =>
        ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: newPhone(), content: 'hola', campaignId, ...extra });
      // Scheduled first: such a send used to be accepted (202) with the foreign attribution stored.
      const later = await send(foreign, { delay: 60_000 });
      expectSpecError(later, 400);
      expect(fieldPaths(later)).toEqual(['campaignId']);
      expect((await ws.api.get(`/v1/messages/scheduled?campaignId=${foreign}`)).body.messages).toEqual([]);
      for (const campaignId of [foreign, 'cmp_unknown']) {
        const res = await send(campaignId);
        expectSpecError(res, 400);
        expect(fieldPaths(res)).toEqual(['campaignId']);
      }
      // The workspace's own campaign is accepted.
      const own = await MessagingWorkspace.seed(t, (doc) =>
        Object.assign(doc, { campaigns: [{ ref: 'mine', title: 'Mine', category: 'utility' }] }),
      );
      const ok = await own.api.post('/v1/messages', {
        channelId: own.whatsapp.id,
        conversationId: newPhone(),
        content: 'hola',
        campaignId: own.ids.campaigns.mine.id,
        delay: 60_000,
      });
      expect(ok.status).toBe(202);
    });

    it("PATCH /v1/agents/{id} refuses another workspace's channelId or phoneNumber; the agent keeps its channels", async () => {
      const agentId: string = ws.ids.agents.sofia.id;
      const before = (await ws.api.get(`/v1/agents/${agentId}`)).body;
      const byId = await ws.api.patch(`/v1/agents/${agentId}`, { channelId: [ws.whatsapp.id, stranger.whatsapp.id] });
      expectSpecError(byId, 400);
      expect(fieldPaths(byId)).toEqual(['channelId.1']);
      const byPhone = await ws.api.patch(`/v1/agents/${agentId}`, { phoneNumber: [`+${stranger.whatsapp.phoneNumber}`] });
      expectSpecError(byPhone, 400);
      expect(fieldPaths(byPhone)).toEqual(['phoneNumber.0']);
      expect((await ws.api.get(`/v1/agents/${agentId}`)).body).toEqual(before);
      const own = await ws.api.patch(`/v1/agents/${agentId}`, { channelId: [ws.whatsapp.id], phoneNumber: [ws.whatsapp.phoneNumber] });
      expect(own.status).toBe(200);
    });

    it('conversation and client owners must be workspace users; client.country must be ISO 3166-1 alpha-2', async () => {
      const { conversation } = await ws.customerWrites();
      const owners = await ws.api.patch(`/v1/conversations/${conversation.id}`, {
        owners: [ws.doc.users[0]!.email, 'stranger@example.test'],
      });
      expectSpecError(owners, 400);
      expect(fieldPaths(owners)).toEqual(['owners.1']);
      const clientOwners = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        conversationId: newPhone(),
        content: 'hola',
        client: { owners: ['stranger@example.test'] },
      });
      expectSpecError(clientOwners, 400);
      expect(fieldPaths(clientOwners)).toEqual(['client.owners.0']);
      const country = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        conversationId: newPhone(),
        content: 'hola',
        client: { country: 'XX' },
      });
      expectSpecError(country, 400);
      expect(fieldPaths(country)).toEqual(['client.country']);
    });

    it('a webhook URL carrying user:pass@ is refused, on create and update', async () => {
      const create = await ws.api.post('/v1/webhooks', {
        name: 'n',
        url: 'http://user:secret@127.0.0.1:9/in',
        events: ['message.created'],
      });
      expectSpecError(create, 400);
      expect(fieldPaths(create)).toEqual(['url']);
      const made = await ws.api.post('/v1/webhooks', { name: 'n', url: 'http://127.0.0.1:9/in', events: ['message.created'] });
      expect(made.status).toBe(201);
      const update = await ws.api.patch(`/v1/webhooks/${made.body.data.id}`, { url: 'http://user@127.0.0.1:9/in' });
      expectSpecError(update, 400);
      expect(fieldPaths(update)).toEqual(['url']);
    });
  });

  describe('finding 9: rate limits', () => {
    it('every 429 carries Retry-After, and X-RateLimit-Reset is when the bucket is full again', async () => {
      const limited = await t.admin.post('/admin/v1/seed', {
        workspace: { name: 'Limited' },
        users: [{ email: `limited-${Date.now()}@example.test` }],
        apiKeys: [{ ref: 'slow', name: 'slow', rateLimitPerSecond: 2 }],
      });
      const api = t.http.withToken(limited.body.apiKeys.slow.key);
      let refused: HttpAnswer | undefined;
      let sentAt = 0;
      while (!refused) {
        sentAt = Date.now();
        const answers = await Promise.all([api.get('/v1/agents'), api.get('/v1/agents'), api.get('/v1/agents')]);
        refused = answers.find((a) => a.status === 429);
        for (const answer of answers) {
          // A bucket of 2 drains in a second at most: full again by then (epoch seconds, rounded up).
          const reset = Number(answer.headers.get('x-ratelimit-reset'));
          expect(reset * 1000).toBeGreaterThanOrEqual(sentAt);
          expect(reset).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 2);
        }
      }
      expectSpecError(refused, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      // At the announced reset the budget is back.
      const reset = Number(refused.headers.get('x-ratelimit-reset'));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, reset * 1000 - Date.now()) + 20));
      expect((await api.get('/v1/agents')).status).toBe(200);
    });

    it('failed authentications are throttled per client address (API keys and admin tokens), never a valid credential, then the address recovers', async () => {
      const wrong = t.http.withToken('pk_live_not-a-key');
      for (let i = 0; i < AUTH_FAILURE_LIMIT - 1; i++) expectSpecError(await wrong.get('/v1/agents'), 401);
      expectSpecError(await t.http.withToken('wrong-admin-token-000').post('/admin/v1/tokens', {}), 401);
      const throttled = await wrong.get('/v1/agents');
      expectSpecError(throttled, 429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectSpecError(await t.http.withToken('pl_key_neither-this').get('/v1/agents'), 429);
      // The same address (one office, one proxy) with valid credentials: a broken script locks nobody out.
      const fresh = await t.seedMinimalWorkspace();
      expect((await t.http.withToken(fresh.key).get('/v1/agents')).status).toBe(200);
      expect((await ws.api.get('/v1/agents')).status).toBe(200);
      expectSpecError(await t.admin.post('/admin/v1/tokens', {}), 400);
      expectSpecError(await wrong.get('/v1/agents'), 429);
      const retryAfter = Number(throttled.headers.get('retry-after'));
      expect(retryAfter).toBeLessThanOrEqual(AUTH_FAILURE_WINDOW_SECONDS);
      await eventually('the address to recover', async () => (await wrong.get('/v1/agents')).status === 401, (retryAfter + 2) * 1_000);
    });
  });
});
