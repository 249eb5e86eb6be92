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
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 53 item 5 in a real Chromium: a person flags a customer's message from the conversation
 * view with the keyboard only (Tab to Flag message, the severity chosen, a note, Enter): the
 * client's moderation records the strike as `supervisor`, and the message shows its flag.
 */
describe('flagging a customer message in the console (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  it('flags a customer message by keyboard: a supervisor strike with its severity and note, shown on the message', async () => {
    const { phone, conversation } = await ws.customerWrites(newPhone(), 'eres un inútil');
    await eventually(
      'the agent answers',
      async () => graph.sends(ws.whatsapp.phoneNumberId).some((s) => s.body.to === phone) || undefined,
      30_000,
    );
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);

    // Only the customer's message offers the control; it is reached and opened from the keyboard.
    const flagButton = page.getByRole('button', { name: 'Flag message' });
    await flagButton.waitFor();
    expect(await flagButton.count()).toBe(1);
    await flagButton.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: "Flag the customer's message" });
    const severity = form.getByLabel('Severity');
    expect(await severity.evaluate((element) => element === document.activeElement)).toBe(true);
    await severity.selectOption('high');
    await page.keyboard.press('Tab');
    await page.keyboard.type('insulta al equipo');
    await browser.check(page, 'moderation-01-flag-form');
    await page.keyboard.press('Enter');
    await page.getByText('Flagged by a person (severity high) — insulta al equipo').waitFor();
    await browser.check(page, 'moderation-02-flagged');

    const client = (await ws.api.get(`/v1/clients/${conversation.clientId}`)).body.workspaces[0].clients[0];
    expect(client.moderation).toMatchObject({ totalStrikes: 1, lastSource: 'supervisor', lastSeverity: 'high', lastAction: 'warn' });
    const flagged = (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0].messages.find(
      (m: { content: string }) => m.content === 'eres un inútil',
    );
    expect(flagged.flag).toMatchObject({ severity: 'high', note: 'insulta al equipo', flaggedBy: { type: 'user' } });
  });
});
