import { randomBytes } from 'node:crypto';
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
  type HttpClient,
  type StackApi,
} from '@platica/testing';

/**
 * Knowledge from people (issue 52 items 4-5; docs/knowledge-from-people.md), through the
 * gateway: a person's answer, once they hand the conversation back, becomes a pending proposal
 * that nothing reads; accepted into a base it is indexed like any entry and found for the next
 * customer; a close proposes from the close path, a discard keeps it out, an exchange with
 * nothing reusable proposes nothing, and no exchange is proposed twice. A person's reply draft
 * comes from the agent's knowledge with its sources, runs no tool, and its use is counted. Drafts
 * and proposals use the agent's own model connection, priced in the usage, in a slot of the bound.
 */
describe('knowledge from people (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let other: MessagingWorkspace;
  let asAna: HttpClient;
  let baseId: string;
  let handedBackThenClosed = '';
  const ana = `ana-${randomBytes(4).toString('hex')}@example.test`;
  const shipping = 'Sí, enviamos a Canarias: tarda 5 días hábiles y el envío cuesta 9 €.';

  /** The drafting call proposes the person's lines unless they said NADA; the reply draft cites passage 1. */
  const scripted = (request: ChatCompletionRequest): FakeAnswer => {
    const said = textOf(lastOf(request.messages, 'user'));
    if (request.tools?.some((tool) => tool.function.name === 'propose_knowledge_entry')) {
      if (said.includes('NADA')) return { text: 'NONE' };
      const person = said
        .split('\n')
        .filter((line) => line.startsWith('Person: '))
        .map((line) => line.slice('Person: '.length));
      const question = said.includes('Canarias') ? '¿Hacen envíos a Canarias?' : '¿A qué hora abren?';
      return { toolCall: { name: 'propose_knowledge_entry', arguments: { question, answer: person.join(' ') } } };
    }
    if (textOf(request.messages[0]).includes('You draft a reply'))
      return { text: 'Sí, enviamos a Canarias en 5 días hábiles por 9 € [1].' };
    // The agent's turn: it searches its knowledge tool with the customer's words, then answers with the first passage.
    const tool = request.tools?.find((entry) => entry.function.name.startsWith('knowledge_'));
    if (!tool) return { text: 'Déjame consultarlo con el equipo.' };
    const result = request.messages.find((m) => m.role === 'tool');
    if (!result) return { toolCall: { name: tool.function.name, arguments: { query: said } } };
    const { results } = JSON.parse(textOf(result)) as { results: { text: string }[] };
    return { text: results[0]?.text ?? 'No lo sé: te paso con una persona.' };
  };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    llm.answer = scripted;
    ws = await MessagingWorkspace.seed(t, (doc) => {
      doc.users.push({
        email: ana,
        name: 'Ana',
        password: `pw-${randomBytes(6).toString('hex')}`,
        role: 'admin',
      } as (typeof doc.users)[number]);
      withAgents(doc);
    });
    other = await MessagingWorkspace.seed(t);
    const minted = await t.admin.post('/admin/v1/tokens', {
      userEmail: ana,
      workspaceIds: [ws.id],
      scopes: ['platica:read', 'platica:write'],
    });
    asAna = t.http.withToken(minted.body.token);
    const base = await ws.api.post('/v1/knowledge/bases', { name: `Envíos ${randomBytes(3).toString('hex')}`, language: 'es' });
    expect(base.status).toBe(201);
    baseId = base.body.data.id;
    // The base's search tool (its id is the base's), connected to the agent like any tool.
    expect((await ws.api.post(`/v1/agents/${ws.ids.agents.sofia.id}/tools`, { toolId: baseId })).status).toBe(201);
  });
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const proposalsOf = async (conversationId: string, state = '') =>
    ((await ws.api.get(`/v1/knowledge/proposals${state ? `?state=${state}` : ''}`)).body.data as any[]).filter(
      (p) => p.conversationId === conversationId,
    );
  const draftingCallsAbout = (text: string) =>
    llm.requests.filter(
      (r) => r.tools?.some((tool) => tool.function.name === 'propose_knowledge_entry') && textOf(lastOf(r.messages, 'user')).includes(text),
    );

  /** A customer asks, the agent answers, Ana takes over, answers and hands back (or closes). */
  async function personAnswers(question: string, answer: string, end: 'hand back' | 'close') {
    const { phone, conversation } = await ws.customerWrites(newPhone(), question);
    await eventually('the agent’s answer', async () => sentTo(phone).length === 1 || undefined, 30_000);
    expect((await asAna.patch(`/v1/conversations/${conversation.id}`, { operation: 'assistance' })).status).toBe(200);
    const sent = await asAna.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: answer });
    expect(sent.status).toBe(200);
    const ending = end === 'hand back' ? { operation: 'automatic' } : { status: 'finished' };
    expect((await asAna.patch(`/v1/conversations/${conversation.id}`, ending)).status).toBe(200);
    return { phone, conversation };
  }

  it('turns a person’s answer into a proposal that, once accepted, is found for the next customer', async () => {
    const { conversation } = await personAnswers('¿Hacen envíos a Canarias?', shipping, 'hand back');
    const proposal = await eventually(
      'a proposal from the hand-back',
      async () => (await proposalsOf(conversation.id, 'pending'))[0],
      60_000,
    );
    expect(proposal).toMatchObject({
      state: 'pending',
      question: '¿Hacen envíos a Canarias?',
      answer: shipping,
      agentId: ws.ids.agents.sofia.id,
      edited: false,
      decidedBy: null,
      baseId: null,
    });
    expect(proposal.messageIds).toHaveLength(2);
    expect((await ws.api.get(`/v1/knowledge/proposals/${proposal.id}`)).body.id).toBe(proposal.id);
    expect((await other.api.get(`/v1/knowledge/proposals/${proposal.id}`)).status).toBe(404);

    // Pending: in no base, so neither the base's search nor a reply draft finds it.
    const before = await ws.api.post(`/v1/knowledge/bases/${baseId}/search`, { query: 'envíos a Canarias' });
    expect(before.body.data).toEqual([]);
    const early = await ws.customerWrites(newPhone(), '¿Envían a Canarias?');
    const emptyDraft = await asAna.post(`/v1/conversations/${early.conversation.id}/reply-draft`, {});
    expect([emptyDraft.status, emptyDraft.body.text, emptyDraft.body.sources]).toEqual([200, '', []]);

    // Edited, then accepted into the base: a text source indexed like any entry.
    const edited = await asAna.patch(`/v1/knowledge/proposals/${proposal.id}`, {
      answer: `${shipping} Pedidos antes de las 14 h salen el mismo día.`,
    });
    expect([edited.status, edited.body.data.edited]).toEqual([200, true]);
    const empty = await asAna.patch(`/v1/knowledge/proposals/${proposal.id}`, { question: ' ' });
    expect([empty.status, empty.body.details[0].path]).toEqual([400, ['question']]);
    const nowhere = await asAna.post(`/v1/knowledge/proposals/${proposal.id}/accept`, { baseId: 'kb_nowhere' });
    expect(nowhere.status).toBe(404);
    expect((await other.api.post(`/v1/knowledge/proposals/${proposal.id}/accept`, { baseId })).status).toBe(404);
    const accepted = await asAna.post(`/v1/knowledge/proposals/${proposal.id}/accept`, { baseId });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', baseId, decidedBy: expect.stringMatching(/\S/) });
    const sourceId = accepted.body.data.sourceId;
    expect((await asAna.post(`/v1/knowledge/proposals/${proposal.id}/accept`, { baseId })).status).toBe(409);
    expect((await asAna.post(`/v1/knowledge/proposals/${proposal.id}/discard`, {})).status).toBe(409);
    const source = await eventually(
      'the accepted entry indexed',
      async () => {
        const got = (await ws.api.get(`/v1/knowledge/bases/${baseId}/sources/${sourceId}`)).body;
        return got.status === 'ready' ? got : undefined;
      },
      60_000,
    );
    expect(source).toMatchObject({ kind: 'text', title: '¿Hacen envíos a Canarias?' });
    const found = await ws.api.post(`/v1/knowledge/bases/${baseId}/search`, { query: '¿Envían a Canarias?' });
    expect(found.body.data[0]).toMatchObject({ sourceId, text: expect.stringContaining('9 €') });

    // The next customer: the agent's knowledge search finds the accepted entry, and answers from it.
    const next = await ws.customerWrites(newPhone(), '¿Hacen envíos a Canarias? Es para un regalo');
    const answered = await eventually(
      'the agent’s answer from the entry',
      async () => sentTo(next.phone).find((send) => send.body?.text?.body?.includes('9 €')),
      60_000,
    );
    expect(answered.body.text.body).toContain('Pedidos antes de las 14 h');
    const turns = (await ws.api.get(`/v1/conversations/${next.conversation.id}/turns`)).body.turns as any[];
    const search = turns.flatMap((turn) => turn.toolCalls ?? []).find((call: any) => call.name.startsWith('knowledge_'));
    expect(JSON.parse(search.result).retrieved[0]).toBe(found.body.data[0].chunkId);

    // The person's draft comes from the same entry, with its source, no tool offered.
    const draft = await asAna.post(`/v1/conversations/${next.conversation.id}/reply-draft`, {});
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({
      draftId: expect.stringMatching(/^rd_/),
      text: 'Sí, enviamos a Canarias en 5 días hábiles por 9 €.',
      sources: [{ title: '¿Hacen envíos a Canarias?', url: null, chunkId: found.body.data[0].chunkId }],
    });
    const draftCall = llm.requests.findLast((r) => textOf(r.messages[0]).includes('You draft a reply'))!;
    expect(draftCall.tools ?? []).toEqual([]);
    expect(textOf(draftCall.messages[0])).toContain('Pedidos antes de las 14 h');
    expect(sentTo(next.phone).every((send) => !JSON.stringify(send.body).includes('5 días hábiles por 9'))).toBe(true);

    // Whether it was used: edited, once; a second, different outcome is refused.
    const outcome = await asAna.post(`/v1/conversations/${next.conversation.id}/reply-draft/${draft.body.draftId}/outcome`, {
      used: true,
      sentText: 'Sí, enviamos a Canarias en 5 días hábiles por 9 €. ¡Gracias!',
    });
    expect([outcome.status, outcome.body.outcome]).toEqual([200, 'edited']);
    const changed = await asAna.post(`/v1/conversations/${next.conversation.id}/reply-draft/${draft.body.draftId}/outcome`, {
      used: false,
    });
    expect(changed.status).toBe(409);
    const elsewhere = await asAna.post(`/v1/conversations/${early.conversation.id}/reply-draft/${draft.body.draftId}/outcome`, {
      used: false,
    });
    expect(elsewhere.status).toBe(404);
    const unused = await asAna.post(`/v1/conversations/${early.conversation.id}/reply-draft/${emptyDraft.body.draftId}/outcome`, {
      used: false,
    });
    expect(unused.body.outcome).toBe('not_used');
    const sameAgain = await asAna.post(`/v1/conversations/${next.conversation.id}/reply-draft`, {});
    const asDrafted = await asAna.post(`/v1/conversations/${next.conversation.id}/reply-draft/${sameAgain.body.draftId}/outcome`, {
      used: true,
      sentText: ` ${sameAgain.body.text} `,
    });
    expect(asDrafted.body.outcome).toBe('as_drafted');
    const counts = await ws.api.get('/v1/usage/reply-drafts');
    expect(counts.body).toEqual({ drafted: 3, asDrafted: 1, edited: 1, notUsed: 1, pending: 0, usedRate: 66.67 });
    expect((await other.api.get('/v1/usage/reply-drafts')).body.drafted).toBe(0);
    expect((await other.api.post(`/v1/conversations/${next.conversation.id}/reply-draft`, {})).status).toBe(404);

    // Closed after the hand-back: the same exchange, which the next test finds drafted once.
    expect((await asAna.patch(`/v1/conversations/${conversation.id}`, { status: 'finished' })).status).toBe(200);
    handedBackThenClosed = conversation.id;
  }, 240_000);

  it('proposes from a close, keeps a discarded entry out, and proposes nothing when nothing is reusable', async () => {
    const { conversation } = await personAnswers('¿A qué hora abren el sábado?', 'Los sábados abrimos de 10 a 14 h.', 'close');
    const proposal = await eventually('a proposal from the close', async () => (await proposalsOf(conversation.id, 'pending'))[0], 60_000);
    expect(proposal.answer).toBe('Los sábados abrimos de 10 a 14 h.');
    // The closes consumer has reached this close, so the earlier close of a handed-back conversation too: drafted once.
    expect(await proposalsOf(handedBackThenClosed)).toHaveLength(1);
    expect(draftingCallsAbout(shipping)).toHaveLength(1);
    const discarded = await asAna.post(`/v1/knowledge/proposals/${proposal.id}/discard`, {});
    expect(discarded.body.data).toMatchObject({ state: 'discarded', baseId: null, sourceId: null });
    expect((await asAna.post(`/v1/knowledge/proposals/${proposal.id}/discard`, {})).status).toBe(200);
    expect((await asAna.post(`/v1/knowledge/proposals/${proposal.id}/accept`, { baseId })).status).toBe(409);
    expect((await ws.api.get('/v1/knowledge/proposals?state=discarded')).body.data.map((p: any) => p.id)).toContain(proposal.id);
    expect((await ws.api.get('/v1/knowledge/proposals?state=maybe')).status).toBe(400);

    const greeting = await personAnswers('hola', 'NADA: ¡Hola! Enseguida te atiendo.', 'hand back');
    await eventually(
      'the drafter’s verdict',
      async () => {
        const rows = await t.query(`select outcome from agents.drafted_exchange where conversation_ref = $1`, [greeting.conversation.id]);
        return rows[0]?.outcome === 'nothing' ? true : undefined;
      },
      60_000,
    );
    expect(await proposalsOf(greeting.conversation.id)).toEqual([]);
    expect(draftingCallsAbout('NADA: ¡Hola!')).toHaveLength(1);
  }, 180_000);

  it('drafts on the agent’s own model connection, each call priced in the model usage, in a slot of the workspace’s bound', async () => {
    // Sofia answers on a second provider: her drafts and the proposals from her conversations go there too, not to the installation's.
    const second = await FakeLlm.start();
    try {
      second.answer = (request) => {
        const answer = scripted(request);
        return 'text' in answer ? { text: `SEGUNDA ${answer.text}` } : answer;
      };
      const created = await ws.api.post('/v1/models/connections', {
        name: `Segunda ${randomBytes(3).toString('hex')}`,
        provider: 'openai_compatible',
        baseUrl: second.url,
        credential: 'second-key',
        models: [{ id: 'second-model', inputUsdPerMillion: 2, outputUsdPerMillion: 8 }],
      });
      expect(created.status).toBe(201);
      const connectionId = created.body.data.connection.id as string;
      const sofia = ws.ids.agents.sofia.id;
      expect((await ws.api.patch(`/v1/agents/${sofia}/models`, { reply: { connectionId, model: 'second-model' } })).status).toBe(200);

      const asked = await ws.customerWrites(newPhone(), '¿Hacen envíos a Canarias?');
      await eventually('the agent’s answer', async () => sentTo(asked.phone).length === 1 || undefined, 30_000);
      const installationDrafts = llm.requests.filter((r) => textOf(r.messages[0]).includes('You draft a reply')).length;
      // Held by the provider: the draft holds a slot among the workspace's model calls in flight meanwhile.
      const release = second.holdWhere((r) => textOf(r.messages[0]).includes('You draft a reply'));
      const drafting = asAna.post(`/v1/conversations/${asked.conversation.id}/reply-draft`, {});
      const slot = await eventually(
        'the draft’s slot',
        async () =>
          (
            await t.query(`select holder, granted_at from agents.model_call_slot where workspace_id = $1 and holder like 'reply-draft:%'`, [
              ws.id,
            ])
          )[0],
        30_000,
      );
      expect(slot.granted_at).not.toBeNull();
      release();
      const draft = await drafting;
      expect(draft.status).toBe(200);
      expect(draft.body.text).toBe('SEGUNDA Sí, enviamos a Canarias en 5 días hábiles por 9 €.');
      expect(llm.requests.filter((r) => textOf(r.messages[0]).includes('You draft a reply'))).toHaveLength(installationDrafts);
      expect(await t.query(`select 1 from agents.model_call_slot where holder = $1`, [slot.holder])).toEqual([]);

      const handed = await personAnswers('¿Abren los domingos?', 'Los domingos abrimos de 11 a 13 h.', 'hand back');
      const proposal = await eventually(
        'a proposal drafted by the second provider',
        async () => (await proposalsOf(handed.conversation.id))[0],
        60_000,
      );
      expect(proposal.answer).toBe('Los domingos abrimos de 11 a 13 h.');
      expect(
        second.requests.filter((r) => r.tools?.some((tool) => tool.function.name === 'propose_knowledge_entry')).map((r) => r.model),
      ).toEqual(['second-model']);
      expect(draftingCallsAbout('Los domingos abrimos')).toEqual([]);

      // Both calls recorded with their cost, and counted in the model usage with the turns' calls.
      const records = await eventually(
        'the draft’s and the proposal’s calls recorded',
        async () => {
          const rows = await t.query(
            `select purpose, agent_id, call from agents.model_call_record where workspace_id = $1 and call->>'connectionId' = $2 order by at`,
            [ws.id, connectionId],
          );
          return rows.length >= 2 ? rows : undefined;
        },
        30_000,
      );
      expect(records.map((row: any) => [row.purpose, row.agent_id, row.call.connectionId, row.call.model, row.call.outcome])).toEqual([
        ['reply_draft', sofia, connectionId, 'second-model', 'ok'],
        ['knowledge_proposal', sofia, connectionId, 'second-model', 'ok'],
      ]);
      for (const { call } of records) expect(call.costUsd).toBeCloseTo((call.inputTokens * 2 + call.outputTokens * 8) / 1e6, 10);
      const turnCalls = (
        await Promise.all(
          [asked.conversation.id, handed.conversation.id].map(
            async (id) => (await ws.api.get(`/v1/conversations/${id}/turns`)).body.turns as any[],
          ),
        )
      )
        .flat()
        .flatMap((turn) => turn.modelCalls as any[])
        .filter((call) => call.connectionId === connectionId);
      const usage = (await ws.api.get('/v1/usage/models')).body.workspaces[0].models.rows as any[];
      const onSecond = usage.filter((row) => row.connectionId === connectionId);
      expect(onSecond.reduce((sum, row) => sum + row.calls, 0)).toBe(turnCalls.length + 2);
      expect(onSecond.reduce((sum, row) => sum + row.costUsd, 0)).toBeCloseTo(
        [...turnCalls, ...records.map((row: any) => row.call)].reduce((sum, call) => sum + call.costUsd, 0),
        8,
      );
    } finally {
      await ws.api.patch(`/v1/agents/${ws.ids.agents.sofia.id}/models`, { reply: null });
      await second.stop();
    }
  }, 240_000);

  it('states the operations in the OpenAPI document and as /mcp tools', async () => {
    const document = (await t.http.get('/docs/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/knowledge/proposals',
        '/v1/knowledge/proposals/{proposalId}',
        '/v1/knowledge/proposals/{proposalId}/accept',
        '/v1/knowledge/proposals/{proposalId}/discard',
        '/v1/conversations/{id}/reply-draft',
        '/v1/conversations/{id}/reply-draft/{draftId}/outcome',
        '/v1/usage/reply-drafts',
      ]),
    );
  });
});
