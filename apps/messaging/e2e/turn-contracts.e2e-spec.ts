import { randomBytes, randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import {
  internalOperations,
  type ChatAccepted,
  type ChatAcceptRequest,
  type ChatPrepareRequest,
  type RpcRequest,
  type TurnContext,
  type TurnReplyResult,
} from '@platica/contracts';
import { RpcClient, serviceRequest } from '@platica/platform';
import {
  deliverMetaWebhook,
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  newWamid,
  useSharedStack,
  whatsappInbound,
  withAgents,
  type StackApi,
} from '@platica/testing';

/**
 * Messaging's side of agent turns and chat threads, called over NATS as the chat service and
 * the agent runtime call it, plus the `agent.turn.requested` events messaging records for the
 * runtime (customer messages on Meta channels, `resume` instructions).
 */
describe('turn and chat contracts (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let db: PgClient;
  let rpc: RpcClient;
  let ws: MessagingWorkspace;
  const previousPrefix = process.env.PLATICA_NATS_PREFIX;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    db = new PgClient({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    // The client applies the subject prefix of the process it runs in: this stack's.
    process.env.PLATICA_NATS_PREFIX = t.isolation.natsPrefix;
    rpc = new RpcClient(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 15_000, 'turn-contracts-test');
    await rpc.connect();
    ws = await MessagingWorkspace.seed(t);
  });
  afterAll(async () => {
    await rpc?.close();
    if (previousPrefix === undefined) delete process.env.PLATICA_NATS_PREFIX;
    else process.env.PLATICA_NATS_PREFIX = previousPrefix;
    await db?.end();
    await t?.stop();
    await fake?.stop();
  });

  /** A service-to-service call (the contract is the envelope's body). */
  const call = <Body = any>(subject: string, workspaceId: string, body: unknown) =>
    rpc.request<Body>(subject, serviceRequest('test', workspaceId, body));

  /** The gateway's request as the chat service forwards it: an API key of these workspaces. */
  const gatewayRequest = (workspaces: MessagingWorkspace[], part: Partial<RpcRequest>): RpcRequest => ({
    auth: {
      principal: 'key:test',
      credentialType: 'api_key',
      workspaceIds: workspaces.map((w) => w.id),
      workspaces: workspaces.map((w) => ({ id: w.id, name: w.doc.workspace.name })),
      scopes: ['platica:read', 'platica:write'],
      userId: null,
      userEmail: null,
    },
    workspaceId: null,
    params: {},
    query: {},
    body: null,
    requestId: randomUUID(),
    ...part,
  });

  const hex = () => randomBytes(6).toString('hex');
  const newEmail = () => `cliente-${hex()}@example.test`;

  function acceptRequest(workspace: MessagingWorkspace, change: Partial<ChatAcceptRequest> = {}): ChatAcceptRequest {
    return {
      workspaceId: workspace.id,
      conversationId: `chat_${randomUUID()}`,
      documentId: `conv_${hex()}`,
      requestMessageId: `msg_${hex()}`,
      agentId: 'agt_sofia',
      client: { email: newEmail(), name: 'Lucía' },
      clientId: null,
      message: 'Hola, ¿tienen envío gratis?',
      attachments: [],
      actorId: 'usr_owner',
      ...change,
    };
  }

  /** The answer, or (on a refusal) the spec's error body. */
  const accept = (request: ChatAcceptRequest) =>
    call<ChatAccepted & { details?: unknown; error?: string }>(
      internalOperations.messaging.chatAccept.subject,
      request.workspaceId,
      request,
    );

  /** Rows a refused request must not have added. */
  async function footprint(workspaceId: string) {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from messaging.${table} where workspace_id = $1`, [workspaceId])).rows[0]!
        .n;
    return {
      clients: await count('client'),
      conversations: await count('conversation'),
      messages: await count('message'),
      events: await count('outbox_event'),
    };
  }

  const row = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];

  const turnRequests = async (workspaceId: string, conversationRef: string) =>
    (
      await db.query<{ data: { conversationRef: string; reason: string; messageIds: string[] } }>(
        "select data from messaging.outbox_event where workspace_id = $1 and type = 'agent.turn.requested' order by occurred_at, id",
        [workspaceId],
      )
    ).rows
      .map((r) => r.data)
      .filter((d) => d.conversationRef === conversationRef);

  const sentTo = (phone: string) => fake.sends(ws.whatsapp.phoneNumberId).filter((r) => r.body?.to === phone);

  describe('messaging.chat.accept', () => {
    it('creates the client, the thread and the user message; the same requestMessageId again writes nothing', async () => {
      const request = acceptRequest(ws, {
        client: { email: newEmail(), name: 'Lucía Rey', phoneNumber: `+${newPhone()}`, customFields: { plan: 'pro' } },
      });
      const first = await accept(request);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        id: request.documentId,
        conversationId: request.conversationId,
        clientId: expect.stringMatching(/^cl_/),
        agentId: 'agt_sofia',
        requestMessageId: request.requestMessageId,
        reactivated: false,
        agentChanged: false,
      });
      const thread = await row('select * from messaging.conversation where id = $1', [request.documentId]);
      expect(thread).toMatchObject({
        conversation_id: request.conversationId,
        source: 'api_chat',
        platform: 'service',
        status: 'active',
        operation: 'automatic',
        agent_id: 'agt_sofia',
        client_id: first.body.clientId,
        contact_name: 'Lucía Rey',
        phone_number: request.client!.phoneNumber!.slice(1),
        message_count: 1,
      });
      expect(thread.channel_id).toBe(ws.ids.channels.internal.id);
      const client = await row('select * from messaging.client where id = $1', [first.body.clientId]);
      expect(client).toMatchObject({ email: request.client!.email, name: 'Lucía Rey', custom_fields: { plan: 'pro' } });
      const message = await row('select * from messaging.message where id = $1', [request.requestMessageId]);
      expect(message).toMatchObject({
        role: 'user',
        direction: 'incoming',
        status: 'received',
        content: request.message,
        content_type: 'text',
        actor_id: 'usr_owner',
        conversation_ref: request.documentId,
      });
      const events = (
        await db.query("select type from messaging.outbox_event where workspace_id = $1 and data::text like '%' || $2 || '%'", [
          ws.id,
          first.body.clientId,
        ])
      ).rows.map((r) => r.type);
      expect(events).toEqual(expect.arrayContaining(['client.created', 'conversation.created', 'message.created']));

      const before = await footprint(ws.id);
      const again = await accept({ ...request, client: { email: request.client!.email, name: 'Otro nombre' }, message: 'otra vez' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await footprint(ws.id)).toEqual(before);
      expect((await row('select name from messaging.client where id = $1', [first.body.clientId])).name).toBe('Lucía Rey');
    });

    it('stores attachments as images and files, and reuses the client an identifier matches', async () => {
      const email = newEmail();
      const start = acceptRequest(ws, { client: { email } });
      const started = await accept(start);
      const request = acceptRequest(ws, {
        conversationId: start.conversationId,
        client: null,
        agentId: null,
        message: null,
        attachments: [
          { url: 'https://cdn.example.test/fotos/recibo.png', mimeType: 'image/png' },
          { url: 'https://cdn.example.test/docs/factura%20mayo.pdf?sig=abc', mimeType: 'application/pdf' },
        ],
      });
      const res = await accept(request);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: started.body.id, clientId: started.body.clientId, reactivated: false, agentChanged: false });
      const message = await row('select * from messaging.message where id = $1', [request.requestMessageId]);
      expect(message).toMatchObject({
        content: '',
        content_type: 'file',
        images: [{ url: 'https://cdn.example.test/fotos/recibo.png', mimeType: 'image/png', filename: 'recibo.png' }],
        files: [
          { url: 'https://cdn.example.test/docs/factura%20mayo.pdf?sig=abc', mimeType: 'application/pdf', filename: 'factura mayo.pdf' },
        ],
      });
      const images = acceptRequest(ws, {
        conversationId: request.conversationId,
        client: null,
        agentId: null,
        message: 'mira',
        attachments: [{ url: 'https://cdn.example.test/a.jpg', mimeType: 'image/jpeg', filename: 'frente.jpg' }],
      });
      expect((await accept(images)).status).toBe(200);
      expect(await row('select content, content_type from messaging.message where id = $1', [images.requestMessageId])).toEqual({
        content: 'mira',
        content_type: 'image',
      });

      // A new thread naming the same email (another case) reuses the client.
      const other = await accept(acceptRequest(ws, { client: { email: email.toUpperCase(), firstname: 'Ana' } }));
      expect(other.body.clientId).toBe(started.body.clientId);
      expect(other.body.id).not.toBe(started.body.id);
      expect((await row('select firstname from messaging.client where id = $1', [started.body.clientId])).firstname).toBe('Ana');
    });

    it('refuses identifiers of two different clients with 409 naming each, writing nothing', async () => {
      const email = newEmail();
      const phone = newPhone();
      const a = await accept(acceptRequest(ws, { client: { email } }));
      const b = await accept(acceptRequest(ws, { client: { phoneNumber: phone, name: 'Beto' } }));
      expect(a.body.clientId).not.toBe(b.body.clientId);
      const before = await footprint(ws.id);
      const request = acceptRequest(ws, { client: { email, phoneNumber: `+${phone}`, customFields: { plan: 'basic' } } });
      const res = await accept(request);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 409,
        error: expect.any(String),
        details: [
          { path: ['client', 'email'], message: expect.stringContaining(a.body.clientId), value: email, clientId: a.body.clientId },
          { path: ['client', 'phoneNumber'], message: expect.stringContaining(b.body.clientId), value: phone, clientId: b.body.clientId },
        ],
      });
      expect(await footprint(ws.id)).toEqual(before);
      expect(await row('select id from messaging.conversation where id = $1', [request.documentId])).toBeUndefined();

      const unknown = await accept(acceptRequest(ws, { client: { id: 'cl_nobody', email: newEmail() } }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.details).toEqual([{ path: ['client', 'id'], message: expect.any(String) }]);
      expect(await footprint(ws.id)).toEqual(before);
    });

    it('refuses an inactive or unknown custom field with 400 naming the key: no client, no thread', async () => {
      const before = await footprint(ws.id);
      const request = acceptRequest(ws, { client: { email: newEmail(), customFields: { plan: 'pro', legacy_id: 'L-1', nope: 1 } } });
      const res = await accept(request);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { path: ['client', 'customFields', 'legacy_id'], message: expect.any(String) },
        { path: ['client', 'customFields', 'nope'], message: expect.any(String) },
      ]);
      expect(await footprint(ws.id)).toEqual(before);
    });

    it('reactivates a finished thread, changes the principal agent, and refuses another client.id with 409', async () => {
      const request = acceptRequest(ws);
      const started = await accept(request);
      const closed = await ws.api.patch(`/v1/conversations/${started.body.id}`, { status: 'finished' });
      expect(closed.status).toBe(200);

      const reopened = await accept(
        acceptRequest(ws, { conversationId: request.conversationId, client: null, agentId: null, message: 'sigo aquí' }),
      );
      expect(reopened.status).toBe(200);
      expect(reopened.body).toMatchObject({ id: started.body.id, reactivated: true, agentChanged: false, agentId: 'agt_sofia' });
      expect((await row('select status from messaging.conversation where id = $1', [started.body.id])).status).toBe('active');
      const statusEvents = (
        await db.query(
          "select data from messaging.outbox_event where type = 'conversation.status.updated' and data->>'conversationId' = $1 order by occurred_at",
          [started.body.id],
        )
      ).rows.map((r) => [r.data.previousStatus, r.data.status]);
      expect(statusEvents).toEqual([
        ['active', 'finished'],
        ['finished', 'active'],
      ]);

      const changed = await accept(
        acceptRequest(ws, { conversationId: request.conversationId, client: { name: 'Lucía R.' }, agentId: 'agt_billing' }),
      );
      expect(changed.body).toMatchObject({
        agentChanged: true,
        reactivated: false,
        agentId: 'agt_billing',
        clientId: started.body.clientId,
      });
      expect((await row('select name from messaging.client where id = $1', [started.body.clientId])).name).toBe('Lucía R.');
      const same = await accept(acceptRequest(ws, { conversationId: request.conversationId, client: null, agentId: 'agt_billing' }));
      expect(same.body).toMatchObject({ agentChanged: false, agentId: 'agt_billing' });

      const other = await accept(acceptRequest(ws, { client: { email: newEmail() } }));
      const before = await footprint(ws.id);
      const replaced = await accept(
        acceptRequest(ws, { conversationId: request.conversationId, client: { id: other.body.clientId }, agentId: null }),
      );
      expect(replaced.status).toBe(409);
      expect(replaced.body.details).toEqual([
        { path: ['client', 'id'], message: expect.any(String), value: other.body.clientId, clientId: started.body.clientId },
      ]);
      expect(await footprint(ws.id)).toEqual(before);
      expect((await row('select message_count from messaging.conversation where id = $1', [started.body.id])).message_count).toBe(4);
    });

    it('answers 404 for an unknown thread without agentId, and 422 for a workspace without an internal channel', async () => {
      const before = await footprint(ws.id);
      const unknown = await accept(acceptRequest(ws, { agentId: null }));
      expect(unknown.status).toBe(404);
      expect(await footprint(ws.id)).toEqual(before);
      const noChannel = await accept({ ...acceptRequest(ws), workspaceId: `ws_${hex()}` });
      expect(noChannel.status).toBe(422);
      expect(noChannel.body.error).toMatch(/internal channel/);
    });
  });

  describe('messaging.chat.prepare', () => {
    it('resolves the client and checks the thread, writing only the client', async () => {
      const before = await footprint(ws.id);
      const request: ChatPrepareRequest = {
        workspaceId: ws.id,
        conversationId: `chat_${randomUUID()}`,
        documentId: `conv_${hex()}`,
        agentId: 'agt_sofia',
        client: { email: newEmail(), customFields: { plan: 'gold' } },
      };
      const res = await call(internalOperations.messaging.chatPrepare.subject, ws.id, request);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: request.documentId,
        conversationId: request.conversationId,
        clientId: expect.any(String),
        agentId: 'agt_sofia',
      });
      const after = await footprint(ws.id);
      expect(after).toMatchObject({ clients: before.clients + 1, conversations: before.conversations, messages: before.messages });
      expect(await row('select custom_fields from messaging.client where id = $1', [res.body.clientId])).toEqual({
        custom_fields: { plan: 'gold' },
      });

      // The scheduled turn then accepts with the resolved client.
      const accepted = await accept(
        acceptRequest(ws, {
          conversationId: request.conversationId,
          documentId: request.documentId,
          client: null,
          clientId: res.body.clientId,
        }),
      );
      expect(accepted.body).toMatchObject({ id: request.documentId, clientId: res.body.clientId });

      const existing = await call(internalOperations.messaging.chatPrepare.subject, ws.id, {
        ...request,
        documentId: `conv_${hex()}`,
        agentId: null,
        client: null,
      });
      expect(existing.body).toEqual({
        id: request.documentId,
        conversationId: request.conversationId,
        clientId: res.body.clientId,
        agentId: 'agt_sofia',
      });
      const unknown = await call(internalOperations.messaging.chatPrepare.subject, ws.id, {
        ...request,
        conversationId: `chat_${randomUUID()}`,
        agentId: null,
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('messaging.chat.list and messaging.chat.get', () => {
    it('lists chats only, newest first, with filters and pages; gets one with its messages; 404 elsewhere', async () => {
      const own = await MessagingWorkspace.seed(t);
      const other = await MessagingWorkspace.seed(t);
      const client = { email: newEmail() };
      const a = await accept(acceptRequest(own, { client, agentId: 'agt_a' }));
      const b = await accept(acceptRequest(own, { client, agentId: 'agt_b' }));
      const c = await accept(acceptRequest(own, { client: { email: newEmail() }, agentId: 'agt_a' }));
      await accept(acceptRequest(other));
      await own.customerWrites(); // a WhatsApp conversation: not a chat

      const list = (query: Record<string, unknown>, workspaces = [own]) =>
        rpc.request<any>(
          internalOperations.messaging.chatList.subject,
          gatewayRequest(workspaces, { query: query as RpcRequest['query'] }),
        );
      const all = await list({ limit: 50, offset: 0 });
      expect(all.status).toBe(200);
      expect(all.body.chats.map((chat: any) => chat.id)).toEqual([c.body.id, b.body.id, a.body.id]);
      expect(all.body.pagination).toEqual({ limit: 50, offset: 0, hasMore: false });
      expect(all.body.chats[0]).toMatchObject({ source: 'api_chat', platform: 'service', canSendDirectMessage: true, status: 'active' });
      expect(all.body.chats[0].messages).toBeUndefined();

      const first = await list({ limit: 2, offset: 0 });
      expect(first.body.chats.map((chat: any) => chat.id)).toEqual([c.body.id, b.body.id]);
      expect(first.body.pagination).toEqual({ limit: 2, offset: 0, hasMore: true });
      const second = await list({ limit: 2, offset: 2 });
      expect(second.body.chats.map((chat: any) => chat.id)).toEqual([a.body.id]);
      expect(second.body.pagination).toEqual({ limit: 2, offset: 2, hasMore: false });
      expect((await list({ clientId: a.body.clientId, limit: 50, offset: 0 })).body.chats.map((chat: any) => chat.id)).toEqual([
        b.body.id,
        a.body.id,
      ]);
      expect((await list({ agentId: 'agt_a', limit: 50, offset: 0 })).body.chats.map((chat: any) => chat.id)).toEqual([
        c.body.id,
        a.body.id,
      ]);
      expect((await list({ limit: 201, offset: 0 })).status).toBe(400);

      await call(internalOperations.messaging.turnReply.subject, own.id, {
        workspaceId: own.id,
        conversationRef: a.body.id,
        messageId: `msg_${hex()}`,
        agentId: 'agt_a',
        content: 'Sí, envío gratis',
      });
      await own.api.post('/v1/messages', {
        channelId: own.ids.channels.internal.id,
        conversationId: (await row('select conversation_id from messaging.conversation where id = $1', [a.body.id])).conversation_id,
        type: 'instruction',
        content: { text: 'no menciones precios', mode: 'wait' },
      });
      const get = (id: string, workspaces = [own]) =>
        rpc.request<any>(internalOperations.messaging.chatGet.subject, gatewayRequest(workspaces, { params: { id } }));
      const detail = await get(a.body.id);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: a.body.id,
        clientId: a.body.clientId,
        agentId: 'agt_a',
        source: 'api_chat',
        messageCount: 3,
      });
      expect(detail.body.messages).toEqual([
        {
          id: a.body.requestMessageId,
          role: 'user',
          content: 'Hola, ¿tienen envío gratis?',
          contentType: 'text',
          direction: 'incoming',
          status: 'received',
          creationDate: expect.any(String),
        },
        {
          id: expect.any(String),
          role: 'assistant',
          content: 'Sí, envío gratis',
          contentType: 'text',
          direction: 'outgoing',
          // An internal reply is delivered once stored: nothing on an internal channel confirms more.
          status: 'delivered',
          creationDate: expect.any(String),
        },
      ]);
      expect((await get(a.body.id, [other])).status).toBe(404);
      const whatsapp = (await own.api.get('/v1/conversations?limit=50')).body.workspaces[0].conversations.find(
        (conv: any) => conv.platform === 'whatsapp',
      );
      expect((await get(whatsapp.id)).status).toBe(404);
      expect((await get('conv_nope')).body).toEqual({ code: 404, error: expect.any(String), details: expect.anything() });
    });
  });

  describe('messaging.turns.*', () => {
    const reply = (workspaceId: string, conversationRef: string, messageId: string, content: string) =>
      call<TurnReplyResult>(internalOperations.messaging.turnReply.subject, workspaceId, {
        workspaceId,
        conversationRef,
        messageId,
        agentId: 'agt_sofia',
        content,
      });

    it('gives the context: conversation, default agent, client, history in order with instructions and failed replies', async () => {
      const { phone, conversation } = await ws.customerWrites(newPhone(), 'Quiero cambiar mi pedido');
      const instruction = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        conversationId: phone,
        type: 'instruction',
        content: { text: 'Ofrece envío express', mode: 'wait' },
      });
      expect(instruction.status).toBe(200);
      const sent = await reply(ws.id, conversation.id, `msg_${hex()}`, 'Claro, ¿cuál pedido?');
      const failed = await call(internalOperations.messaging.turnFailure.subject, ws.id, {
        workspaceId: ws.id,
        conversationRef: conversation.id,
        messageId: `msg_${hex()}`,
        agentId: null,
        error: { code: 'model_error', message: 'the model did not answer' },
      });
      expect(failed.status).toBe(200);

      const res = await call<TurnContext>(internalOperations.messaging.turnContext.subject, ws.id, {
        workspaceId: ws.id,
        conversationRef: conversation.id,
      });
      expect(res.status).toBe(200);
      expect(res.body.conversation).toEqual({
        id: conversation.id,
        conversationId: phone,
        workspaceId: ws.id,
        channelId: ws.whatsapp.id,
        platform: 'whatsapp',
        source: 'meta',
        agentId: null,
        operation: 'automatic',
        status: 'active',
        clientId: conversation.clientId,
      });
      expect(res.body.channelDefaultAgentId).toBeNull();
      expect(res.body.client).toEqual({ id: conversation.clientId, name: 'Cliente', email: null, phoneNumber: phone, status: 'active' });
      expect(res.body.history.map((m) => [m.role, m.content, m.status])).toEqual([
        ['user', 'Quiero cambiar mi pedido', 'received'],
        ['system', 'Ofrece envío express', 'sent'],
        ['assistant', 'Claro, ¿cuál pedido?', 'sent'],
        ['assistant', '', 'failed'],
      ]);
      expect(res.body.history[2]!.id).toBe(sent.body.messageId);
      expect(res.body.history[0]).toMatchObject({ contentType: 'text', images: [], files: [], createdAt: expect.any(String) });

      const other = await MessagingWorkspace.seed(t);
      expect(
        (
          await call(internalOperations.messaging.turnContext.subject, other.id, {
            workspaceId: other.id,
            conversationRef: conversation.id,
          })
        ).status,
      ).toBe(404);
    });

    it('reaches back to the customer messages a turn answers when more than 50 messages followed them', async () => {
      const { conversation } = await ws.customerWrites(newPhone(), '¿Dónde está mi pedido?');
      const context = (answering?: string[]) =>
        call<TurnContext>(internalOperations.messaging.turnContext.subject, ws.id, {
          workspaceId: ws.id,
          conversationRef: conversation.id,
          ...(answering ? { answering } : {}),
        });
      const [question] = (await context()).body.history;
      // The business's sends while the turn waited (scheduled messages, a campaign).
      for (let n = 0; n < 55; n++) await reply(ws.id, conversation.id, `msg_${hex()}`, `aviso ${n}`);

      const latest = (await context()).body.history;
      expect(latest).toHaveLength(50);
      expect(latest[0]!.content).toBe('aviso 5');
      const reaching = (await context([question!.id])).body.history;
      expect(reaching.map((m) => m.content)).toEqual(['¿Dónde está mi pedido?', ...Array.from({ length: 55 }, (_, n) => `aviso ${n}`)]);
      // An id of no message of this conversation reaches nowhere.
      expect((await context(['msg_unknown'])).body.history).toEqual(latest);
    });

    it('sends a WhatsApp reply once through Graph, however often (and concurrently) it is asked', async () => {
      const { phone, conversation } = await ws.customerWrites();
      const messageId = `msg_${hex()}`;
      const [one, two] = await Promise.all([
        reply(ws.id, conversation.id, messageId, 'Tu pedido sale hoy'),
        reply(ws.id, conversation.id, messageId, 'Tu pedido sale hoy'),
      ]);
      const three = await reply(ws.id, conversation.id, messageId, 'Tu pedido sale hoy');
      // An attempt overlapping the delivery is told to retry (409), never sends; once settled every attempt answers the reply.
      const settled = { messageId, content: 'Tu pedido sale hoy', contentType: 'text', status: 'sent', error: null };
      expect([one, two].filter((res) => res.status === 200).map((res) => res.body)).toContainEqual(settled);
      for (const res of [one, two].filter((r) => r.status !== 200)) expect(res.body).toMatchObject({ code: 409, details: { messageId } });
      expect(three.body).toEqual(settled);
      expect(sentTo(phone).map((r) => r.body.text.body)).toEqual(['Tu pedido sale hoy']);
      // Another reply under the same id is a caller's mistake, not a retry.
      const reused = await reply(ws.id, conversation.id, messageId, 'Otra respuesta');
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ code: 409, details: { messageId } });
      expect(sentTo(phone)).toHaveLength(1);
      const stored = await row('select * from messaging.message where id = $1', [messageId]);
      expect(stored).toMatchObject({ role: 'assistant', direction: 'outgoing', status: 'sent', actor_type: 'ai', actor_id: 'agt_sofia' });
      expect(stored.external_id).toBe(sentTo(phone)[0]!.response.messages[0].id);
      const created = await db.query("select 1 from messaging.outbox_event where type = 'message.created' and data->>'messageId' = $1", [
        messageId,
      ]);
      expect(created.rowCount).toBe(1);
    });

    it('stores a reply failed, sending nothing, to a blocked client and outside the window; a Graph refusal is answered, not thrown', async () => {
      const { phone, conversation } = await ws.customerWrites();
      expect((await ws.api.patch(`/v1/clients/${conversation.clientId}`, { status: 'blocked' })).status).toBe(200);
      const blocked = await reply(ws.id, conversation.id, `msg_${hex()}`, 'no debe salir');
      expect(blocked.status).toBe(200);
      expect(blocked.body).toMatchObject({ status: 'failed', error: { code: 'client_blocked', message: expect.any(String) } });
      expect(sentTo(phone)).toEqual([]);

      const late = await ws.customerWrites(newPhone(), 'ayer', Date.now() - 25 * 3_600_000);
      const closed = await reply(ws.id, late.conversation.id, `msg_${hex()}`, 'tarde');
      expect(closed.body).toMatchObject({ status: 'failed', error: { code: 'window_closed' } });
      expect(sentTo(late.phone)).toEqual([]);

      const refused = await ws.customerWrites();
      fake.failNextSends(1, { match: (r) => r.body?.to === refused.phone });
      const res = await reply(ws.id, refused.conversation.id, `msg_${hex()}`, 'rechazado');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'failed', error: { code: 'provider_error', message: expect.stringContaining('131026') } });
      const messages = await ws.messagesOf(refused.conversation.id);
      expect(messages.at(-1)).toMatchObject({ id: res.body.messageId, status: 'failed', error: { provider: 'meta', code: 131026 } });
    });

    it('stores an internal-channel reply as sent, without Graph, once however often (and concurrently) it is asked', async () => {
      const started = await accept(acceptRequest(ws));
      const before = fake.requests.length;
      const messageId = `msg_${hex()}`;
      const content = '¡Hola! Sí, el envío es gratis.';
      const attempts = await Promise.all([1, 2, 3].map(() => reply(ws.id, started.body.id, messageId, content)));
      const again = await reply(ws.id, started.body.id, messageId, content);
      const settled = { messageId, content, contentType: 'text', status: 'sent', error: null };
      for (const res of [...attempts, again]) expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: settled });
      expect(fake.requests.length).toBe(before);
      // One row, counted once, announced once.
      expect((await db.query('select 1 from messaging.message where id = $1', [messageId])).rowCount).toBe(1);
      expect(await row('select message_count from messaging.conversation where id = $1', [started.body.id])).toEqual({ message_count: 2 });
      const created = await db.query("select 1 from messaging.outbox_event where type = 'message.created' and data->>'messageId' = $1", [
        messageId,
      ]);
      expect(created.rowCount).toBe(1);
      // Another reply under the same id is a caller's mistake, not a retry.
      const reused = await reply(ws.id, started.body.id, messageId, 'Otra respuesta');
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ code: 409, details: { messageId } });
    });

    it('records a turn failure once, visible with its error in the conversation detail', async () => {
      const { conversation } = await ws.customerWrites();
      const request = {
        workspaceId: ws.id,
        conversationRef: conversation.id,
        messageId: `msg_${hex()}`,
        agentId: 'agt_sofia',
        error: { code: 'model_error', message: 'the model answered 500 three times' },
      };
      expect((await call(internalOperations.messaging.turnFailure.subject, ws.id, request)).status).toBe(200);
      expect((await call(internalOperations.messaging.turnFailure.subject, ws.id, request)).status).toBe(200);
      const messages = await ws.messagesOf(conversation.id);
      expect(messages.filter((m) => m.id === request.messageId)).toEqual([
        expect.objectContaining({
          role: 'assistant',
          direction: 'outgoing',
          content: '',
          status: 'failed',
          error: { code: 'model_error', message: 'the model answered 500 three times' },
        }),
      ]);
      expect(fake.sends().some((r) => r.body?.to === conversation.conversationId && r.body?.text?.body === '')).toBe(false);
      expect(
        (
          await call(internalOperations.messaging.turnFailure.subject, ws.id, {
            ...request,
            conversationRef: 'conv_nope',
            messageId: `msg_${hex()}`,
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('agent.turn.requested', () => {
    it('asks once for a burst of three messages in one delivery, and again for a later burst in three deliveries', async () => {
      const phone = newPhone();
      const wa = ws.whatsapp;
      const burst = whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: 'uno' });
      const messages = (burst.entry[0]!.changes[0]!.value as Record<string, unknown>).messages as Record<string, unknown>[];
      const base = messages[0]!;
      messages.push({ ...base, id: newWamid(), text: { body: 'dos' } }, { ...base, id: newWamid(), text: { body: 'tres' } });
      expect((await deliverMetaWebhook(t.baseUrl, burst, wa.appSecret)).status).toBe(200);
      const conversation = await eventually('the burst stored', async () => {
        const found = (
          await db.query('select id from messaging.conversation where channel_id = $1 and conversation_id = $2', [wa.id, phone])
        ).rows[0];
        return found && (await turnRequests(ws.id, found.id)).length ? found : undefined;
      });
      const stored = async () =>
        (
          await db.query("select id from messaging.message where conversation_ref = $1 and role = 'user' order by created_at, id", [
            conversation.id,
          ])
        ).rows.map((r) => r.id as string);
      const firstIds = await stored();
      expect(firstIds).toHaveLength(3);
      expect(await turnRequests(ws.id, conversation.id)).toEqual([
        { conversationRef: conversation.id, reason: 'customer_message', messageIds: firstIds },
      ]);

      // Redelivered: nothing stored, nothing asked.
      expect((await deliverMetaWebhook(t.baseUrl, burst, wa.appSecret)).status).toBe(200);
      for (const text of ['cuatro', 'cinco', 'seis']) {
        const payload = whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text });
        expect((await deliverMetaWebhook(t.baseUrl, payload, wa.appSecret)).status).toBe(200);
      }
      await eventually('the three deliveries stored', async () => (await stored()).length === 6);
      const later = (await stored()).slice(3);
      const requests = await eventually('their turn requests', async () => {
        const all = (await turnRequests(ws.id, conversation.id)).slice(1);
        return all.flatMap((r) => r.messageIds).length === 3 ? all : undefined;
      });
      expect(requests.length).toBeGreaterThanOrEqual(1);
      expect(requests.length).toBeLessThanOrEqual(3);
      expect(requests.every((r) => r.reason === 'customer_message')).toBe(true);
      expect(requests.flatMap((r) => r.messageIds).sort()).toEqual([...later].sort());
      expect(await turnRequests(ws.id, conversation.id)).toHaveLength(1 + requests.length);
    });

    it('gives a new inbound conversation its channel default agent', async () => {
      const staffed = await MessagingWorkspace.seed(t, withAgents);
      const { conversation } = await staffed.customerWrites();
      expect(conversation.agentId).toBe(staffed.ids.agents.sofia.id);
      await eventually('its turn request', async () => (await turnRequests(staffed.id, conversation.id)).length === 1);
    });

    it('is recorded for a resume instruction (not for wait), naming the instruction', async () => {
      const { phone, conversation } = await ws.customerWrites();
      const asked = (await turnRequests(ws.id, conversation.id)).length;
      const instruct = (mode: string) =>
        ws.api.post('/v1/messages', {
          channelId: ws.whatsapp.id,
          conversationId: phone,
          type: 'instruction',
          content: { text: `modo ${mode}`, mode },
        });
      expect((await instruct('wait')).status).toBe(200);
      const resume = await instruct('resume');
      expect(resume.status).toBe(200);
      expect((await turnRequests(ws.id, conversation.id)).slice(asked)).toEqual([
        { conversationRef: conversation.id, reason: 'resume', messageIds: [resume.body.messageId] },
      ]);

      // A scheduled one asks at its time, naming the instruction stored then.
      const scheduled = await ws.api.post('/v1/messages', {
        channelId: ws.whatsapp.id,
        conversationId: phone,
        type: 'instruction',
        content: { text: 'retoma más tarde', mode: 'resume' },
        delay: 3_000,
      });
      expect(scheduled.status).toBe(202);
      expect(await turnRequests(ws.id, conversation.id)).toHaveLength(asked + 1);
      const sentMessageId = await eventually(
        'the scheduled instruction stored',
        async () => {
          const found = await row('select sent_message_id from messaging.scheduled_message where id = $1', [scheduled.body.messageId]);
          return (found?.sent_message_id as string | null) ?? undefined;
        },
        20_000,
      );
      expect((await turnRequests(ws.id, conversation.id)).slice(asked + 1)).toEqual([
        { conversationRef: conversation.id, reason: 'resume', messageIds: [sentMessageId] },
      ]);
    });
  });
});
