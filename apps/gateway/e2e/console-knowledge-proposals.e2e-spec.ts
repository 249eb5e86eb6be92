import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  textOf,
  useSharedStack,
  withAgents,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 52 items 4-5 in the console, through the real stack and Chromium (docs/console.md ›
 * Knowledge from people, Reply drafts): a waiting proposal edited and accepted into a base by
 * keyboard, read back through the API; in a conversation, Draft a reply fills the reply box with
 * the draft and lists its source, and sending it records the draft as used.
 */
describe('the console: knowledge from people (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let baseId: string;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    llm.answer = (request) =>
      textOf(request.messages[0]).includes('You draft a reply') ? { text: 'Abrimos de 9 a 18 h [1].' } : { text: 'Un momento.' };
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
    baseId = (await ws.api.post('/v1/knowledge/bases', { name: 'Horarios' })).body.data.id;
    const source = (
      await ws.api.post(`/v1/knowledge/bases/${baseId}/sources`, {
        kind: 'text',
        title: 'Horario',
        text: 'Abrimos de lunes a viernes de 9 a 18 h.',
      })
    ).body.data.id;
    await eventually(
      'the entry indexed',
      async () => (await ws.api.get(`/v1/knowledge/bases/${baseId}/sources/${source}`)).body.status === 'ready' || undefined,
      60_000,
    );
    expect((await ws.api.post(`/v1/agents/${ws.ids.agents.sofia.id}/tools`, { toolId: baseId })).status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  it('edits a waiting proposal and accepts it into a base by keyboard', async () => {
    // A proposal as the drafter leaves one (the drafting itself is apps/agents/e2e/knowledge-from-people's).
    const proposalId = `kp_${randomBytes(8).toString('hex')}`;
    await t.query(
      `insert into tools.knowledge_proposal (id, workspace_id, state, conversation_ref, exchange_key, agent_id, answered_by, message_ids, question, answer,
         edited, decided_by, decided_at, base_id, source_id, created_at, updated_at)
       values ($1, $2, 'pending', 'conv_x', 'msg_x', null, null, '[]', '¿Abren los sábados?', 'No, solo de lunes a viernes.', false, null, null, null, null, now(), now())`,
      [proposalId, ws.id],
    );
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/knowledge/proposals`);
    await page.getByRole('heading', { name: '¿Abren los sábados?' }).waitFor();
    await browser.check(page, 'proposals-01-waiting');

    await page.getByRole('button', { name: 'Edit', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Answer').fill('No: abrimos de lunes a viernes, de 9 a 18 h.');
    await page.getByRole('button', { name: 'Save changes' }).press('Enter');
    await page.getByText('No: abrimos de lunes a viernes, de 9 a 18 h.').waitFor();

    await page.getByLabel('Knowledge base').selectOption({ label: 'Horarios' });
    await page.getByRole('button', { name: 'Accept into the base' }).press('Enter');
    await page.getByText('Nothing waiting').waitFor();
    const accepted = (await ws.api.get(`/v1/knowledge/proposals/${proposalId}`)).body;
    expect(accepted).toMatchObject({ state: 'accepted', baseId, edited: true, answer: 'No: abrimos de lunes a viernes, de 9 a 18 h.' });
    await page.getByLabel('Accepted').check();
    await page.getByRole('heading', { name: '¿Abren los sábados?' }).waitFor();
  }, 120_000);

  it('drafts a reply into the reply box with its source, and counts it used once sent', async () => {
    const { conversation } = await ws.customerWrites(newPhone(), '¿A qué hora abren?');
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    await page.getByRole('button', { name: 'Draft a reply' }).click();
    const box = page.getByLabel('Your reply');
    await eventually('the draft in the box', async () => (await box.inputValue()) === 'Abrimos de 9 a 18 h.' || undefined, 30_000);
    // Its sources: the base's entries (the first test accepted one into it too), each by its title.
    await page.getByRole('region', { name: 'Drafted from' }).getByRole('listitem').first().waitFor();
    await browser.check(page, 'proposals-02-draft');
    await box.fill('Abrimos de 9 a 18 h, de lunes a viernes.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await eventually(
      'the draft counted as edited',
      async () => ((await ws.api.get('/v1/usage/reply-drafts')).body.edited === 1 ? true : undefined),
      30_000,
    );
  }, 120_000);
});
