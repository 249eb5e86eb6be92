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

/** A question nothing in the FAQ answers (no word of it is in the FAQ, stemmed). */
const NOT_IN_FAQ = '¿Venden tarjetas de regalo?';

/**
 * A knowledge base as an agent's tool (issue 52): connected like any catalog tool, it is offered
 * to the model as a search function; a customer's WhatsApp question is answered from the chunk it
 * returns, citing it, and the turn log records the call and which chunks were retrieved and cited.
 * With "answer only from knowledge", a question no chunk answers gets "I don't know" (and a person,
 * with assistance on), whatever the model wrote from its own memory.
 */
describe('knowledge in agent turns (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let sofia: string;
  let baseId: string;
  let sourceId: string;
  /** The conversation whose question was answered from the FAQ (replayed by the evaluation). */
  let answered: string;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    baseId = (await ws.api.post('/v1/knowledge/bases', { name: 'Ayuda de la tienda', description: 'Envíos y devoluciones' })).body.data.id;
    sourceId = (await ws.api.post(`/v1/knowledge/bases/${baseId}/sources`, { kind: 'text', title: 'FAQ', text: FAQ })).body.data.id;
    await eventually(
      'the FAQ indexed',
      async () => (await ws.api.get(`/v1/knowledge/bases/${baseId}/sources/${sourceId}`)).body.status === 'ready' || undefined,
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

  /**
   * The model of this test: it searches the knowledge tool with the customer's words, then answers
   * with the first passage, citing it by its number; with no passage, from its own "memory",
   * citing nothing (what answer-only-from-knowledge must not let through).
   */
  function fromKnowledge(request: ChatCompletionRequest): FakeAnswer {
    const tool = request.tools?.find((entry) => entry.function.name.startsWith('knowledge_'));
    const said = textOf(lastOf(request.messages, 'user'));
    if (!tool) return { text: `ECHO: ${said}` };
    const result = request.messages.find((m) => m.role === 'tool');
    if (!result) return { toolCall: { name: tool.function.name, arguments: { query: said } } };
    const { results } = JSON.parse(textOf(result)) as { results: { cite: string; text: string }[] };
    return { text: results.length ? `${results[0]!.text} ${results[0]!.cite}` : 'Sí, tenemos tarjetas de regalo desde 200 pesos.' };
  }

  /** The customer's question and the reply sent on WhatsApp, with the turn's log. */
  async function ask(question: string) {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, question);
    const sent = await eventually(
      'the reply on WhatsApp',
      async () => graph.sends(ws.whatsapp.phoneNumberId).find((r) => r.body?.to === phone && r.body?.text?.body),
      60_000,
      100,
    );
    const turn = await eventually(
      'the turn logged as ended',
      async () =>
        ((await ws.api.get(`/v1/conversations/${conversation.id}/turns`)).body.turns as any[]).find((t) => t.outcome && t.knowledge),
      10_000,
      100,
    );
    return { conversation, reply: sent.body.text.body as string, turn };
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

  it("answers a customer's WhatsApp question from a chunk, with the retrieval and the citation in the turn log", async () => {
    const { conversation, reply, turn } = await ask('¿En cuántos días llega mi pedido a Monterrey?');
    answered = conversation.id;
    expect(reply).toBe('Los pedidos llegan en 3 a 5 días hábiles a cualquier ciudad de México; a Baja California Sur, en 7. [1]');
    const call = turn.toolCalls.find((c: any) => c.name === 'knowledge_ayuda_de_la_tienda');
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
    // What was retrieved and what the reply cited ([1]: the first passage), by chunk, title and URL.
    const cited = { chunkId, title: 'FAQ › Preguntas frecuentes › Envíos › Plazos de entrega', url: null };
    expect(turn).toMatchObject({ outcome: 'answered', knowledge: { cited: [cited], unknown: false } });
    expect(turn.knowledge.retrieved[0]).toEqual(cited);
  });

  it('answers only from knowledge when set: a question no chunk answers gets "I don\'t know", not the model\'s own answer', async () => {
    const settings = { answerOnlyFromKnowledge: true, unknownAnswerMessage: 'No tengo esa información.' };
    const patched = await ws.api.patch(`/v1/agents/${sofia}`, settings);
    expect(patched.status).toBe(200);
    expect((await ws.api.patch(`/v1/agents/${sofia}/assist-rules`, { assistanceEnabled: false })).status).toBe(200);
    expect((await ws.api.get(`/v1/agents/${sofia}`)).body.workspaces[0].agents[0]).toMatchObject(settings);

    const unknown = await ask(NOT_IN_FAQ);
    expect(unknown.reply).toBe('No tengo esa información.');
    expect(unknown.turn).toMatchObject({ outcome: 'answered', knowledge: { retrieved: [], cited: [], unknown: true } });
    expect(unknown.turn.toolCalls).toEqual([expect.objectContaining({ name: 'knowledge_ayuda_de_la_tienda', outcome: 'ok' })]);

    // A question the FAQ answers is still answered, citing its chunk.
    const known = await ask('¿Aceptan devoluciones?');
    expect(known.reply).toBe('Aceptamos devoluciones durante 30 días con el ticket de compra. [1]');
    expect(known.turn.knowledge).toMatchObject({ cited: [{ title: 'FAQ › Preguntas frecuentes › Devoluciones' }], unknown: false });
  });

  it('asks for a person when no chunk answers and human assistance is on', async () => {
    const rules = { assistanceEnabled: true, waitMessage: 'Te comunico con una persona del equipo.' };
    expect((await ws.api.patch(`/v1/agents/${sofia}/assist-rules`, rules)).status).toBe(200);
    const { conversation, reply, turn } = await ask(NOT_IN_FAQ);
    expect(reply).toBe('No tengo esa información. Te comunico con una persona del equipo.');
    expect(turn).toMatchObject({
      outcome: 'assistance',
      detail: 'no passage of the knowledge bases answers this (the agent answers only from knowledge)',
      knowledge: { cited: [], unknown: true },
    });
    const detail = (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0];
    expect(detail.operation).toBe('assistance');
  });

  it('evaluates a knowledge change before it goes live: the replay searches the bases as they are now', async () => {
    const source = `/v1/knowledge/bases/${baseId}/sources/${sourceId}`;
    const before = (await ws.api.get(source)).body.contentHash;
    const changed = FAQ.replace('Los pedidos llegan en 3 a 5 días hábiles', 'Los pedidos llegan en 2 días hábiles');
    expect((await ws.api.patch(source, { text: changed })).status).toBe(200);
    await eventually(
      'the changed FAQ indexed',
      async () => {
        const read = (await ws.api.get(source)).body;
        return (read.status === 'ready' && read.contentHash !== before) || undefined;
      },
      60_000,
      200,
    );
    const { systemPrompt } = (await ws.api.get(`/v1/agents/${sofia}`)).body.workspaces[0].agents[0];
    const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
      candidate: { systemPrompt },
      sample: { conversationIds: [answered] },
      checks: [{ kind: 'must_mention', text: '2 días hábiles' }],
    });
    expect(started.status).toBe(202);
    const evaluation = await eventually(
      'the evaluation to end',
      async () => {
        const read = (await ws.api.get(`/v1/agents/${sofia}/evaluations/${started.body.data.id}`)).body;
        return read.status !== 'running' ? read : undefined;
      },
      60_000,
      200,
    );
    expect(evaluation).toMatchObject({ status: 'completed', summary: { replayed: 1, repliesChanged: 1, checksFailed: 0, passed: true } });
    const [turn] = evaluation.turns.items;
    // The recorded turn read the FAQ as it was; the replay made the same search and read it as it is now.
    expect(turn.recorded.reply).toContain('3 a 5 días hábiles');
    expect(turn.candidate.toolCalls).toEqual(turn.recorded.toolCalls);
    expect(turn.candidate.reply).toBe(
      'Los pedidos llegan en 2 días hábiles a cualquier ciudad de México; a Baja California Sur, en 7. [1]',
    );
    // Nothing was sent: the customer's conversation still ends with the recorded reply.
    const { messages } = (await ws.api.get(`/v1/conversations/${answered}`)).body.workspaces[0].conversations[0];
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: turn.recorded.reply });
  });
});
