import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  isGuardrailEvaluation,
  MessagingWorkspace,
  newPhone,
  scriptedGuardrailVerdict,
  useSharedStack,
  withAgents,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 5 through the real stack and Chromium: a client found by phone number shows
 * its profile and the moderation record a real guardrail strike left (the lexicon, before any
 * model call); a person blocks it (`manual_dashboard`, by their email) and unblocks it; the
 * client's conversations link to the conversation page, and the conversation back to the client.
 */
describe('the console: clients (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    llm.answer = (request) => (isGuardrailEvaluation(request) ? scriptedGuardrailVerdict(request, 'high') : { text: 'hola' });
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
    const guarded = await ws.api.patch(`/v1/agents/${ws.ids.agents.sofia.id}/guardrails`, {
      enabled: true,
      rules: ['No insults'],
      message: 'Este mensaje no cumple nuestras reglas.',
      conversationStrikeThreshold: 5,
      clientStrikeThreshold: 5,
    });
    expect(guarded.status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const clientOf = async (id: string) => (await ws.api.get(`/v1/clients/${id}`)).body.workspaces[0].clients[0];

  it('finds a client by phone, shows its strikes, blocks it as manual_dashboard, unblocks it and opens its conversation', async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, 'eres un IDIOTA');
    const clientId = conversation.clientId as string;
    await eventually(
      'the lexicon strike',
      async () => ((await clientOf(clientId)).moderation.totalStrikes === 1 ? true : undefined),
      20_000,
    );

    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByLabel('Client id or phone number').fill(`+${phone}`);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(`**/console/w/${ws.id}/clients/${phone}`);
    const fact = (term: string) =>
      page
        .locator('.facts div')
        .filter({ has: page.getByText(term, { exact: true }) })
        .locator('dd');
    await page.getByText('Active.').waitFor();
    expect(await fact('Strikes').innerText()).toBe('1');
    expect(await fact('Last source').innerText()).toBe('lexicon');
    expect(await fact('Last matched terms').innerText()).toBe('idiota');
    expect(await fact('Phone number').innerText()).toBe(phone);
    await browser.check(page, 'clients-01-profile');

    // Block, after a confirmation: the spec's dashboard reason, and the person's email as who did it.
    await page.getByRole('button', { name: 'Block this client' }).click();
    await browser.check(page, 'clients-02-block-confirmation');
    await page.getByRole('button', { name: 'Yes, block' }).click();
    await page.getByText('Reason: blocked in the console').waitFor();
    const blocked = await clientOf(clientId);
    expect([blocked.status, blocked.moderation.blockedReason, blocked.moderation.blockedBy?.toLowerCase()]).toEqual([
      'blocked',
      'manual_dashboard',
      ws.doc.users[0]!.email.toLowerCase(),
    ]);
    await browser.check(page, 'clients-03-blocked');

    await page.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText('Active.').waitFor();
    expect((await clientOf(clientId)).status).toBe('active');

    await page.getByRole('region', { name: 'Conversations' }).getByRole('link').click();
    await page.waitForURL(`**/console/w/${ws.id}/conversations/${conversation.id}`);
    await page.getByText('eres un IDIOTA').waitFor();
    // And back: the conversation links to its client's profile.
    await page.getByRole('link', { name: 'Client profile' }).click();
    await page.waitForURL(`**/console/w/${ws.id}/clients/${clientId}`);
    await page.getByRole('heading', { name: 'Moderation' }).waitFor();
  });

  it('says plainly when no client has that id or number', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/clients/5210000000000`);
    await page.getByText('No client of this workspace has this id or phone number.').waitFor();
    await browser.check(page, 'clients-04-not-found');
  });
});
