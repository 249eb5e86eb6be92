import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  withAgents,
  type StackApi,
} from '@platica/testing';

/**
 * Private notes and canned replies through the gateway (issue 50 items 5-6; docs/sending-messages.md
 * › Notes, Canned replies): a note with a mention by email, its event, errors naming the field,
 * another workspace's conversation never reached; the customer never receives a note; the model
 * reads the notes only once the agent's `readNotes` is on; canned replies managed over HTTP; all
 * of them in the OpenAPI document and as /mcp tools.
 */
describe('notes and canned replies (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let other: MessagingWorkspace;
  const ben = `ben-${randomBytes(4).toString('hex')}@example.test`;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      doc.users.push({
        email: ben,
        name: 'Ben',
        password: `pw-${randomBytes(6).toString('hex')}`,
        role: 'agent',
      } as (typeof doc.users)[number]);
      withAgents(doc);
    });
    other = await MessagingWorkspace.seed(t);
  });
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const modelSaw = (marker: string) => llm.requests.filter((request) => JSON.stringify(request.messages).includes(marker));
  const outbox = async (type: string, noteId: string) =>
    (await t.query('select data from messaging.outbox_event where type = $1 and data -> $2 ->> $3 = $4', [type, 'note', 'id', noteId])) as {
      data: any;
    }[];

  it('writes, lists and deletes notes, never sends one, and gives them to the model only when the agent reads notes', async () => {
    const { phone, conversation } = await ws.customerWrites(newPhone(), '[[reply:hola]]');
    await eventually('the agent’s first answer', async () => sentTo(phone).length === 1 || undefined, 30_000);

    const secret = `nota-${randomBytes(4).toString('hex')}`;
    const written = await ws.api.post(`/v1/conversations/${conversation.id}/notes`, { text: `VIP ${secret}: @${ben} calls back` });
    expect(written.status).toBe(201);
    const note = written.body.data;
    expect(note).toMatchObject({ conversationId: conversation.id, author: { type: 'api' }, mentions: [{ email: ben }] });
    const benId = note.mentions[0].id;
    expect((await outbox('conversation.note.created', note.id)).map((row) => row.data.mentions)).toEqual([[benId]]);

    // Errors name the field; another workspace's conversation is not found.
    const stranger = await ws.api.post(`/v1/conversations/${conversation.id}/notes`, { text: 'hi', mentions: ['zoe@example.test'] });
    expect([stranger.status, stranger.body.details]).toEqual([400, [expect.objectContaining({ path: ['mentions', 0] })]]);
    const empty = await ws.api.post(`/v1/conversations/${conversation.id}/notes`, { text: '  ' });
    expect([empty.status, empty.body.details[0].path]).toEqual([400, ['text']]);
    expect((await other.api.get(`/v1/conversations/${conversation.id}/notes`)).status).toBe(404);
    expect((await other.api.post(`/v1/conversations/${conversation.id}/notes`, { text: 'hi' })).status).toBe(404);

    // readNotes off (the default): the next turn's model does not see the note.
    const agentId = ws.ids.agents.sofia.id;
    expect((await ws.api.get(`/v1/agents/${agentId}`)).body.workspaces[0].agents[0].readNotes).toBe(false);
    await ws.customerWrites(phone, '[[reply:primera]]');
    await eventually('the second answer', async () => sentTo(phone).length === 2 || undefined, 30_000);
    expect(modelSaw('primera').length).toBeGreaterThan(0);
    expect(modelSaw(secret)).toEqual([]);

    // On: the note reaches the model as a system message, still never the customer.
    expect((await ws.api.patch(`/v1/agents/${agentId}`, { readNotes: true })).status).toBe(200);
    await ws.customerWrites(phone, '[[reply:segunda]]');
    await eventually('the third answer', async () => sentTo(phone).length === 3 || undefined, 30_000);
    const seen = modelSaw(secret);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.messages.find((m) => JSON.stringify(m).includes(secret))?.role).toBe('system');
    expect(JSON.stringify(sentTo(phone))).not.toContain(secret);
    expect((await ws.messagesOf(conversation.id)).some((m) => JSON.stringify(m).includes(secret))).toBe(false);

    const listed = await ws.api.get(`/v1/conversations/${conversation.id}/notes`);
    expect(listed.body.notes.map((n: any) => n.id)).toEqual([note.id]);
    const deleted = await ws.api.delete(`/v1/conversations/${conversation.id}/notes/${note.id}`);
    expect([deleted.status, deleted.body.data.id]).toEqual([200, note.id]);
    expect((await ws.api.get(`/v1/conversations/${conversation.id}/notes`)).body.notes).toEqual([]);
    expect(await outbox('conversation.note.deleted', note.id)).toHaveLength(1);
    expect((await ws.api.delete(`/v1/conversations/${conversation.id}/notes/${note.id}`)).status).toBe(404);

    // A person's note: written as them, deleted only by them.
    const minted = await t.admin.post('/admin/v1/tokens', {
      userEmail: ben,
      workspaceIds: [ws.id],
      scopes: ['platica:read', 'platica:write'],
    });
    const asBen = t.http.withToken(minted.body.token);
    const bens = (await asBen.post(`/v1/conversations/${conversation.id}/notes`, { text: 'lo llamo yo' })).body.data;
    expect(bens.author).toEqual({ type: 'user', id: benId, email: ben });
    const refused = await ws.api.delete(`/v1/conversations/${conversation.id}/notes/${bens.id}`);
    expect([refused.status, refused.body.error]).toEqual([403, 'Only its author deletes a note']);
    expect((await asBen.delete(`/v1/conversations/${conversation.id}/notes/${bens.id}`)).status).toBe(200);
  }, 120_000);

  it('manages canned replies per workspace, a taken or malformed shortcut refused naming the field', async () => {
    const created = await ws.api.post('/v1/canned-replies', { shortcut: 'Saludo', text: 'Hola {{contact.firstname}}, soy {{agent.name}}' });
    expect(created.status).toBe(201);
    const reply = created.body.data;
    expect(reply).toMatchObject({ shortcut: 'saludo', text: 'Hola {{contact.firstname}}, soy {{agent.name}}' });
    const taken = await ws.api.post('/v1/canned-replies', { shortcut: 'SALUDO', text: 'otra' });
    expect([taken.status, taken.body.details]).toEqual([409, [{ path: ['shortcut'], message: 'is taken in this workspace' }]]);
    const malformed = await ws.api.post('/v1/canned-replies', { shortcut: 'two words', text: 'x' });
    expect([malformed.status, malformed.body.details[0].path]).toEqual([400, ['shortcut']]);
    expect((await other.api.post('/v1/canned-replies', { shortcut: 'saludo', text: 'de otro' })).status).toBe(201);

    const updated = await ws.api.patch(`/v1/canned-replies/${reply.id}`, { text: 'Buen día {{contact.name}}' });
    expect([updated.status, updated.body.data.text]).toEqual([200, 'Buen día {{contact.name}}']);
    expect((await other.api.patch(`/v1/canned-replies/${reply.id}`, { text: 'x' })).status).toBe(404);
    const listed = await ws.api.get('/v1/canned-replies?q=sal');
    expect(listed.body.cannedReplies.map((r: any) => [r.shortcut, r.text])).toEqual([['saludo', 'Buen día {{contact.name}}']]);
    expect((await ws.api.delete(`/v1/canned-replies/${reply.id}`)).status).toBe(200);
    expect((await ws.api.get('/v1/canned-replies')).body.cannedReplies).toEqual([]);
  });

  it('states every operation in the OpenAPI document and as an /mcp tool', async () => {
    const document = (await t.http.get('/docs/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/conversations/{id}/notes',
        '/v1/conversations/{id}/notes/{noteId}',
        '/v1/canned-replies',
        '/v1/canned-replies/{id}',
      ]),
    );
    const tools = await ws.api.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { accept: 'application/json, text/event-stream' },
    );
    const names = JSON.stringify(tools.body ?? tools.text);
    for (const name of ['conversation_notes_create', 'conversation_notes_list', 'conversation_notes_delete', 'canned_replies_create']) {
      expect(names).toContain(name);
    }
  });
});
