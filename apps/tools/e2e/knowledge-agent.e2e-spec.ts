import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  lastOf,
  MessagingWorkspace,
  newPhone,
  textOf,
  useSharedStack,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type StackApi,
} from '@platica/testing';

const FAQ = [
  '# Preguntas frecuentes',
  '## Envíos',
  '### Plazos de entrega',
  'Los pedidos llegan en 3 a 5 días hábiles a cualquier ciudad de México; a Baja California Sur, en 7.',
  '## Devoluciones',
  'Aceptamos devoluciones durante 30 días con el ticket de compra.',
].join('\n\n');

/**
 * A knowledge base as an agent's tool (issue 52): connected like any catalog tool, it is offered
 * to the model as a search function; a customer's WhatsApp question is answered from the chunk it
 * returns, and the turn log records the call with the retrieved chunk's id, title and text.
 */
describe('knowledge in agent turns (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let sofia: string;
  let baseId: string;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    baseId = (await ws.api.post('/v1/knowledge/bases', { name: 'Ayuda de la tienda', description: 'Envíos y devoluciones' })).body.data.id;
    const source = (await ws.api.post(`/v1/knowledge/bases/${baseId}/sources`, { kind: 'text', title: 'FAQ', text: FAQ })).body.data.id;
    await eventually(
      'the FAQ indexed',
      async () => (await ws.api.get(`/v1/knowledge/bases/${baseId}/sources/${source}`)).body.status === 'ready' || undefined,
      60_000,
      200,
    );
    llm.answer = fromKnowledge;
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  /** The model of this test: it searches the knowledge tool with the customer's words, then answers with the first passage and its source. */
  function fromKnowledge(request: ChatCompletionRequest): FakeAnswer {
    const tool = request.tools?.find((entry) => entry.function.name.startsWith('knowledge_'));
    const said = textOf(lastOf(request.messages, 'user'));
    if (!tool) return { text: `ECHO: ${said}` };
    const result = request.messages.find((m) => m.role === 'tool');
    if (!result) return { toolCall: { name: tool.function.name, arguments: { query: said } } };
    const { results: passages } = JSON.parse(textOf(result)) as { results: { title: string; text: string }[] };
    return { text: passages.length ? `${passages[0]!.text} (Fuente: ${passages[0]!.title})` : 'No lo sé.' };
  }

  it('is a catalog tool of kind knowledge, connected like any tool', async () => {
    const tool = (await ws.api.get(`/v1/tools/${baseId}`)).body;
    expect(tool).toMatchObject({
      id: baseId,
      kind: 'knowledge',
      name: 'knowledge_ayuda_de_la_tienda',
      knowledgeBaseId: baseId,
      status: 'active',
    });
    expect((await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: baseId })).status).toBe(201);
  });

  it("answers a customer's WhatsApp question from a chunk, with the retrieval in the turn log", async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, '¿En cuántos días llega mi pedido a Monterrey?');
    const sent = await eventually(
      'the reply on WhatsApp',
      async () => graph.sends(ws.whatsapp.phoneNumberId).find((r) => r.body?.to === phone && r.body?.text?.body),
      60_000,
      100,
    );
    expect(sent.body.text.body).toBe(
      'Los pedidos llegan en 3 a 5 días hábiles a cualquier ciudad de México; a Baja California Sur, en 7. (Fuente: FAQ › Preguntas frecuentes › Envíos › Plazos de entrega)',
    );
    const turns = (await ws.api.get(`/v1/conversations/${conversation.id}/turns`)).body.turns as any[];
    const call = turns.flatMap((turn) => turn.toolCalls ?? []).find((c: any) => c.name === 'knowledge_ayuda_de_la_tienda');
    expect(call).toMatchObject({ outcome: 'ok', arguments: { query: '¿En cuántos días llega mi pedido a Monterrey?' } });
    // The result as the model read it: the retrieved chunk's id first, then its title path and text.
    const chunkId = /"retrieved":\["(kc_[^"]+)"/.exec(call.result)?.[1];
    expect(chunkId).toBeDefined();
    expect(call.result).toContain('FAQ › Preguntas frecuentes › Envíos › Plazos de entrega');
    expect(call.result).toContain('3 a 5 días hábiles');
    const stored = await t.query('select source_id, title_path from tools.knowledge_chunk where id = $1', [chunkId]);
    expect(stored).toEqual([
      { source_id: expect.stringMatching(/^ks_/), title_path: ['FAQ', 'Preguntas frecuentes', 'Envíos', 'Plazos de entrega'] },
    ]);
  });
});
