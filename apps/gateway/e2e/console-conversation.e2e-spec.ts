import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  deliverMetaWebhook,
  eventually,
  isGuardrailEvaluation,
  lastOf,
  newPhone,
  newWamid,
  startTestStack,
  textOf,
  withAgents,
  whatsappEnvelope,
  type TestStack,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

const HOUR = 3_600_000;
const BILL = 'Tu factura es de 120 pesos';

/**
 * Issue 38 item 3 through the real stack, the fake model and the fake Meta Graph in a real
 * Chromium: a conversation's messages by author (customer, agent, person) with the agent's turn
 * log (a consultation of a sub-agent, a tool call) under its reply; take over, a text reply and
 * an image by URL, both reaching Graph and recorded as the signed-in person's; a conversation
 * whose WhatsApp window is closed offering only templates, one sent with its parameters; tags
 * and owners edited, the API's 400 shown beside the field, and read back through the API. Issue 49
 * item 5: a send Meta refuses marked with Meta's code, and Retry sending it again; a failed agent
 * turn marking its conversation. Issue 49 item 3: 40 messages of two days opening at the newest,
 * read back to the first as the timeline is scrolled up, a date between the days, and the contact
 * beside the conversation (behind a button on a phone). Issue 50 item 3: requests for a person
 * assigned in turn to the two people signed in at once, their Mine and Unassigned views, and a
 * reassignment seen live. Issue 50 items 5-6: a private note mentioning a colleague signed in at
 * once, who is told within 2 s; the note never reaches Graph; a canned reply picked with `/`,
 * its `{{contact.firstname}}` filled, sent to the customer.
 */
describe('the console conversation view in a browser (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = () => ws.doc.users[0]!.email;
  const colleague = { email: `beto-${randomBytes(4).toString('hex')}@example.test`, password };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: it checks the model provider's address, which on a shared stack is a relay's.
    t = await startTestStack({ ...llm.env(), META_GRAPH_BASE_URL: graph.url, PLATICA_TURN_DEBOUNCE_MS: '300' });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      // A second person, a support agent (role `agent`), for the tests of one owner at a time.
      doc.users.push({ email: colleague.email, name: 'Beto', password, role: 'agent' } as (typeof doc.users)[number]);
      withAgents(doc);
    });
    // Sofía (every channel's default agent) consults Billing on [[consult]] and answers with what it said.
    const connected = await ws.api.post(`/v1/agents/${ws.ids.agents.sofia.id}/subagents`, {
      subagentId: ws.ids.agents.billing.id,
      status: 'active',
      description: 'Facturas',
    });
    expect(connected.status).toBe(201);
    llm.answer = (request) => {
      if (isGuardrailEvaluation(request)) return { text: 'OK' };
      if (request.messages.at(-1)?.role === 'tool') return { text: BILL };
      const said = textOf(lastOf(request.messages, 'user'));
      const consult = request.tools?.find((tool) => tool.function.name.startsWith('consult_'))?.function.name;
      const help = request.tools?.some((tool) => tool.function.name === 'request_human_assistance');
      if (said.includes('[[help]]') && help) return { toolCall: { name: 'request_human_assistance', arguments: { reason: 'lo pidió' } } };
      if (said.includes('[[consult]]') && consult) return { toolCall: { name: consult, arguments: { question: '¿Cuánto debe?' } } };
      return { text: `ECHO: ${said}` };
    };
    // Nine services starting on two shared cores.
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const check = (page: Page, name: string) => browser.check(page, name);
  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const detail = async (id: string) => (await ws.api.get(`/v1/conversations/${id}`)).body.workspaces[0].conversations[0];
  const open = async (conversationId: string) => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: email(), password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversationId}`);
    return page;
  };
  const texts = (phone: string) => sentTo(phone).map((s) => s.body.text?.body);

  it('one person answers at a time: a reply takes the conversation over, the other person sees it within 2 s, and taking it from them asks first', async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, 'hola, ¿me ayudan?');
    await eventually('the agent answers', async () => texts(phone).includes('ECHO: hola, ¿me ayudan?') || undefined, 30_000);
    // Beto, signed in in a browser of his own (a second context), has the conversation open.
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const beto = await second.newPage();
      await browser.signIn(beto, colleague);
      await beto.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
      await beto.getByText('The agent is answering this conversation.').waitFor();

      // Ana replies without pressing Take over: her reply takes the conversation over.
      const page = await open(conversation.id);
      await page.getByText('The agent is answering this conversation.').waitFor();
      await page.getByLabel('Your reply').fill('Hola, te atiende Ana');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('You are answering this conversation; the agent is paused.').waitFor();
      await eventually('taken over', async () => (await detail(conversation.id)).state === 'human' || undefined);
      // Beto's open tab shows who has it within 2 s of the takeover (the event stream; its fallback polls every 60 s).
      await beto.getByText(`${email()} is answering this conversation; the agent is paused.`).waitFor({ timeout: 2_000 });
      await check(beto, 'conv-13-someone-else-answers');

      // The customer writes again: the agent stays silent, so the customer got exactly one answer, Ana's.
      await ws.customerWrites(phone, '¿sigues ahí?');
      await eventually('the silent turn', async () => {
        const turns = await ws.api.get(`/v1/conversations/${conversation.id}/turns`);
        return turns.body.turns?.some((turn: any) => turn.outcome === 'silent') || undefined;
      });
      expect(texts(phone)).toEqual(['ECHO: hola, ¿me ayudan?', 'Hola, te atiende Ana']);
      const listed = await ws.api.get('/v1/conversations?state=human');
      expect(listed.body.workspaces[0].conversations.find((c: any) => c.id === conversation.id)?.handledBy).toEqual({
        id: expect.stringMatching(/^usr_/) as string,
        email: email(),
      });

      // Beto's Take over names Ana and asks first; leaving it changes nothing, confirming takes it from her.
      await beto.getByRole('button', { name: 'Take over' }).click();
      const question = beto.getByRole('group', { name: `${email()} has this conversation. Take it over from them?` });
      await question.waitFor();
      await check(beto, 'conv-14-take-from-asked');
      await question.getByRole('button', { name: 'Leave it to them' }).click();
      expect((await detail(conversation.id)).handledBy.email).toBe(email());
      await beto.getByRole('button', { name: 'Take over' }).click();
      await question.getByRole('button', { name: 'Take it over' }).click();
      await beto.getByText('You are answering this conversation; the agent is paused.').waitFor();
      await page.getByText(`${colleague.email} is answering this conversation; the agent is paused.`).waitFor({ timeout: 2_000 });

      // Ana's reply now is refused with the reason, and nothing reaches the customer.
      await page.getByLabel('Your reply').fill('¿Sigo yo?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(`${colleague.email} has this conversation`, { exact: false }).first().waitFor();
      expect(texts(phone)).not.toContain('¿Sigo yo?');

      // Beto hands back with a resume instruction: the agent answers again, and Ana's tab says so.
      await beto.getByText('An instruction for the agent when you hand back (optional)').click();
      await beto.getByLabel('Instruction for the agent').fill('Ofrece un descuento');
      await beto.getByRole('button', { name: 'Hand back to the agent' }).click();
      await page.getByText('The agent is answering this conversation.').waitFor({ timeout: 2_000 });
      await eventually('the agent answers after the hand-back', async () => texts(phone).length === 3 || undefined, 30_000);
      expect(texts(phone)[2]).toMatch(/^ECHO: /);
    } finally {
      await second.close();
    }
  });

  it('shows who else is viewing or typing a conversation within 2 s, never oneself, and no longer once they leave', async () => {
    const { conversation } = await ws.customerWrites(newPhone(), 'hola, ¿quién me ve?');
    const page = await browser.newPage();
    await browser.signIn(page, { email: email(), password });
    // Ana's page, its event stream open, before Beto arrives: his first "viewing" is what she must see.
    const streaming = page.waitForResponse((response) => response.url().includes('/console/api/v1/events'));
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    await streaming;
    await page.getByText('hola, ¿quién me ve?', { exact: true }).waitFor();
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const beto = await second.newPage();
      await browser.signIn(beto, colleague);
      await beto.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
      await page.getByText('Beto is viewing').waitFor({ timeout: 2_000 });
      await beto.getByLabel('Your reply').fill('Estoy escribiendo');
      await page.getByText('Beto is typing…').waitFor({ timeout: 2_000 });
      await check(page, 'conv-21-presence-typing');
      // Beto sees Ana (her heartbeat), never himself.
      await beto
        .getByText(/ is viewing$/)
        .first()
        .waitFor({ timeout: 8_000 });
      expect(await beto.getByText(/^Beto is/).count()).toBe(0);
      // Leaving the conversation says so: gone from Ana's header at once, not after the heartbeat's TTL.
      await beto.getByRole('link', { name: /Back to the inbox/ }).click();
      await page
        .getByText(/^Beto is/)
        .first()
        .waitFor({ state: 'detached', timeout: 2_000 });
    } finally {
      await second.close();
    }
  });

  it('lists the conversations waiting for a person, the longest wait first; a closed one is read-only until reopened', async () => {
    expect((await ws.api.patch(`/v1/agents/${ws.ids.agents.sofia.id}`, { assistanceEnabled: true })).status).toBe(200);
    const waits = async (text: string) => {
      const { conversation } = await ws.customerWrites(newPhone(), `[[help]] ${text}`);
      await eventually('waiting for a person', async () => (await detail(conversation.id)).state === 'waiting' || undefined, 30_000);
      return conversation.id as string;
    };
    const first = await waits('quiero hablar con alguien');
    const second = await waits('yo también');
    const listed = await ws.api.get('/v1/conversations?state=waiting');
    expect(listed.body.workspaces[0].conversations.map((c: any) => c.id)).toEqual([first, second]);

    const page = await browser.newPage();
    await browser.signIn(page, { email: email(), password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/inbox?state=waiting`);
    await page
      .locator(`tbody tr[data-id="${second}"]`)
      .getByText(/^Waiting since /)
      .waitFor();
    // The tab's title counts them (and no conversation a person already answers).
    await page.waitForFunction(() => document.title === '(2) Inbox · Plática console');
    expect(await page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id))).toEqual([
      first,
      second,
    ]);
    await check(page, 'conv-15-waiting-first');

    await page.locator(`tbody tr[data-id="${first}"] a`).click();
    await page.getByText(/^Waiting for a person since .+; the agent is paused\./).waitFor();
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByText('You are answering this conversation; the agent is paused.').waitFor();
    await page.getByRole('button', { name: 'Close conversation' }).click();
    await page.getByText('Closed: nobody answers and nothing can be sent. Reopen it to answer or to let the agent answer.').waitFor();
    expect(await page.getByLabel('Your reply').count()).toBe(0);
    await check(page, 'conv-16-closed');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByText('You are answering this conversation; the agent is paused.').waitFor();
    await page.getByLabel('Your reply').waitFor();
    expect(await detail(first)).toMatchObject({ status: 'active', state: 'human' });
  });

  it("shows who wrote each message and the agent's turn; takes over, replies with text and an image by URL; edits tags and owners", async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, '[[consult]] ¿cuánto debo?');
    await eventually('the agent answers', async () => sentTo(phone).find((s) => s.body.text?.body === BILL), 30_000);

    const page = await open(conversation.id);
    const reply = page.getByRole('listitem').filter({ hasText: BILL });
    await reply.waitFor();
    await page.getByRole('listitem').filter({ hasText: '¿cuánto debo?' }).getByText('Customer').waitFor();
    await reply.getByText('Agent Sofía').waitFor();
    await reply.getByText('Agent turn: answered').waitFor();
    await reply.getByText(/Tool call consult_billing: ok in \d+ ms/).waitFor();
    await reply.getByText('Consulted Billing: ¿Cuánto debe?').waitFor();
    // The call's arguments and its result as the model read it, folded under the call.
    await reply.getByText('Arguments and result').click();
    const [args, result] = await reply.locator('details.tool-call pre').allTextContents();
    expect(args).toContain('¿Cuánto debe?');
    expect(result).toEqual(expect.any(String));
    // The turn's model calls, folded under their count: the agent's two rounds and the consultation (the fake reports 10 + 5 tokens each).
    await reply.getByText('3 model calls · 45 tokens').click();
    const provider = 'openai-compatible'; // the provider's name, never the endpoint's host and port
    await reply
      .getByRole('listitem')
      .filter({ hasText: 'Reply · round 0' })
      .getByText(
        new RegExp(
          `: fake-model at ${provider.replace(/\./g, '\\.')} · \\d+ ms · 10 in / 5 out tokens · finished: tool_calls · asked for 1 tool call$`,
        ),
      )
      .waitFor();
    await reply.getByRole('listitem').filter({ hasText: 'Sub-agent consulted · round 0' }).waitFor();
    await reply
      .getByRole('listitem')
      .filter({ hasText: 'Reply · round 1' })
      .getByText(/finished: stop$/)
      .waitFor();
    await check(page, 'conv-01-agent-turn');

    // Take over: the page names the person who did.
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByText(`Taken over by ${email()}`).waitFor();
    await check(page, 'conv-02-taken-over');

    // A text reply: Graph receives it and the message is the signed-in person's.
    await page.getByLabel('Your reply').fill('Hola, soy Ana; reviso tu factura');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const human = page.getByRole('listitem').filter({ hasText: 'Hola, soy Ana; reviso tu factura' });
    await human.getByText(`${email()} (person)`).waitFor();
    expect(sentTo(phone).some((s) => s.body.text?.body === 'Hola, soy Ana; reviso tu factura')).toBe(true);
    const texted = (await detail(conversation.id)).messages.find((m: any) => m.content === 'Hola, soy Ana; reviso tu factura');
    expect(texted.owner).toEqual({ id: expect.stringMatching(/^usr_/) as string, type: 'user', email: email() });

    // An image by URL: a plain http address is refused in the form, the https one reaches Graph with its caption.
    await page.getByRole('radio', { name: 'Image' }).check();
    await page.getByLabel('Image URL (public https)').fill('http://acme.test/factura.png');
    await page.getByRole('button', { name: 'Send Image' }).click();
    await page.getByText('A public https URL.').waitFor();
    await check(page, 'conv-03-media-invalid');
    await page.getByLabel('Image URL (public https)').fill('https://acme.test/factura.png');
    await page.getByLabel('Caption (optional)').fill('Tu factura');
    await page.getByRole('button', { name: 'Send Image' }).click();
    const image = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Image: https://acme.test/factura.png' }) });
    await image.getByText(`${email()} (person)`).waitFor();
    await image.getByText('image', { exact: true }).waitFor();
    const sentImage = sentTo(phone).find((s) => s.body.type === 'image');
    expect(sentImage?.body.image).toEqual({ link: 'https://acme.test/factura.png', caption: 'Tu factura' });
    await check(page, 'conv-04-media-sent');

    // Tags and owners: an owner who is not a user of the workspace gets the API's 400 beside the field.
    await page.getByLabel('Tags').fill('vip, factura');
    await page.getByLabel('Owners').fill(`${email()}, nadie@example.test`);
    await page.getByRole('button', { name: 'Save tags and owners' }).click();
    await page.getByText('"nadie@example.test" is not a user of the workspace').waitFor();
    expect(await page.getByLabel('Owners').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'conv-05-owner-refused');
    await page.getByLabel('Owners').fill(email());
    await page.getByRole('button', { name: 'Save tags and owners' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = await detail(conversation.id);
    expect([saved.tags, saved.owners]).toEqual([['vip', 'factura'], [email()]]);
    expect(saved.operationChangedBy).toEqual({ id: texted.owner.id, email: email() });
    await check(page, 'conv-06-tags-and-owners');
  });

  it("shows a turn's failed model call highlighted, open, beside the retried step's answer", async () => {
    const phone = newPhone();
    llm.failNext(1, 503);
    const { conversation } = await ws.customerWrites(phone, 'hola de nuevo');
    await eventually('the agent answers', async () => sentTo(phone).find((s) => s.body.text?.body === 'ECHO: hola de nuevo'), 30_000);

    const page = await open(conversation.id);
    const reply = page.getByRole('listitem').filter({ hasText: 'ECHO: hola de nuevo' });
    await reply.getByText('2 model calls · 1 failed · 15 tokens').waitFor();
    // Open without a click: a failure is what whoever is on call looks for.
    const failed = reply.locator('li.flagged');
    await failed.getByText('Reply · round 0', { exact: true }).waitFor();
    await failed.getByText(/failed: 503 server_error: the fake model was told to fail$/).waitFor();
    expect(await reply.locator('li.flagged').count()).toBe(1);
    await reply
      .getByRole('listitem')
      .filter({ hasText: 'Reply · round 0 · attempt 2' })
      .getByText(/10 in \/ 5 out tokens · finished: stop$/)
      .waitFor();
    await check(page, 'conv-09-failed-model-call');
  });

  it("marks a send Meta refused with Meta's code; Retry sends the same text again as a new, delivered message", async () => {
    const phone = newPhone();
    const text = 'Te confirmo la cita del martes';
    const { conversation } = await ws.customerWrites(phone, 'hola, ¿y mi cita?');
    await eventually('the agent answers', async () => sentTo(phone).find((s) => s.body.text?.body === 'ECHO: hola, ¿y mi cita?'), 30_000);
    graph.failNextSends(1, { match: (r) => r.body?.text?.body === text });

    const page = await open(conversation.id);
    await page.getByLabel('Your reply').fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // The stored message is marked with the cause in words and Meta's code, and takes the focus; the composer is cleared.
    const failed = page.getByRole('listitem').filter({ hasText: text });
    await failed.getByText('Not delivered').waitFor();
    await failed.getByText('Meta refused it (code 131026).').waitFor();
    await failed.getByText('(#131026) Message undeliverable').waitFor();
    const stored = (await detail(conversation.id)).messages.find((m: any) => m.content === text);
    expect(stored).toMatchObject({ status: 'failed', error: { reason: 'refused', code: 131026 } });
    await eventually(
      'focus on the failed message',
      async () => (await page.evaluate(() => document.activeElement?.id)) === `message-${stored.id}` || undefined,
    );
    expect(await page.getByLabel('Your reply').inputValue()).toBe('');
    await check(page, 'conv-10-send-refused');

    await failed.getByRole('button', { name: 'Retry' }).click();
    const copies = page.getByRole('listitem').filter({ hasText: text });
    // History is not rewritten: the failed message stays, marked; the new one follows it, delivered, and has the focus.
    const retried = copies.nth(1);
    await retried.getByText(`${email()} (person)`).waitFor();
    expect(await copies.nth(0).getByText('Not delivered').count()).toBe(1);
    expect(await retried.getByText('Not delivered').count()).toBe(0);
    const messages = (await detail(conversation.id)).messages.filter((m: any) => m.content === text);
    expect(messages.map((m: any) => m.status)).toEqual(['failed', 'received']);
    expect(
      sentTo(phone)
        .filter((s) => s.body.text?.body === text)
        .map((s) => s.status),
    ).toEqual([400, 200]);
    await eventually(
      'focus on the new message',
      async () => (await page.evaluate(() => document.activeElement?.id)) === `message-${messages[1].id}` || undefined,
    );
    await check(page, 'conv-11-send-retried');
  });

  it("marks a conversation whose latest agent turn failed, and the turn's message says so", async () => {
    const phone = newPhone();
    llm.failNext(3);
    const { conversation } = await ws.customerWrites(phone, 'hola, ¿hay alguien?');
    await eventually(
      'the failed turn',
      async () => {
        const turns = await ws.api.get(`/v1/conversations/${conversation.id}/turns`);
        return turns.body.turns?.some((turn: any) => turn.outcome === 'failed') || undefined;
      },
      30_000,
    );

    const page = await open(conversation.id);
    const mark = page.locator('p.turn-failed');
    await mark.getByText('Agent turn failed').waitFor();
    await mark.getByText("The customer got no reply from the agent's latest turn.").waitFor();
    await mark.getByText('model_error: the fake model was told to fail').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: "The agent's turn failed before it had a reply." })
      .getByText('Not delivered')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await check(page, 'conv-12-turn-failed');
  });

  it("offers only templates once WhatsApp's 24-hour window is closed, and sends one with its parameters", async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, 'hola de anteayer', Date.now() - 25 * HOUR);
    expect(conversation.canSendDirectMessage).toBe(false);

    const page = await open(conversation.id);
    await page.getByText("WhatsApp's window is closed").waitFor();
    expect(await page.getByLabel('Your reply').count()).toBe(0);
    await page.getByRole('button', { name: 'Send template' }).waitFor();
    expect(
      await page
        .getByLabel(/^Template/)
        .locator('option')
        .allTextContents(),
    ).toEqual(['welcome (es_MX)']);
    await check(page, 'conv-07-window-closed');

    // Every parameter is asked for: the header's image, the body's two variables, the URL button's suffix.
    await page.getByRole('button', { name: 'Send template' }).click();
    await page.getByText('Required.').first().waitFor();
    await page.getByLabel('Header Image URL').fill('https://acme.test/pedido.png');
    await page.getByLabel('Body variable 1').fill('Ana');
    await page.getByLabel('Body variable 2').fill('A-77');
    await page.getByLabel(/Button “Ver pedido”/).fill('A-77');
    await page.getByRole('button', { name: 'Send template' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Hola Ana, tu pedido A-77 está listo' }).getByText(`${email()} (person)`).waitFor();

    const sent = await eventually('the template at Graph', async () => sentTo(phone).find((s) => s.body.type === 'template'));
    expect(sent.body.template).toEqual({
      name: 'welcome',
      language: { code: 'es_MX' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://acme.test/pedido.png' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'A-77' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A-77' }] },
      ],
    });
    await check(page, 'conv-08-template-sent');
  });

  it('opens 40 messages of two days at the newest, reads back to the first as it scrolls up, dates between days; the contact beside', async () => {
    const phone = newPhone();
    const wa = ws.whatsapp;
    const now = Math.floor(Date.now() / 1000);
    // One webhook, as Meta batches them (the agent answers the batch).
    const payload = whatsappEnvelope(
      { phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber },
      {
        contacts: [{ profile: { name: 'Lucía Paredes' }, wa_id: phone }],
        messages: Array.from({ length: 40 }, (_, i) => ({
          from: phone,
          id: newWamid(),
          timestamp: String(now - 40 + i),
          type: 'text',
          text: { body: `Mensaje ${String(i + 1).padStart(2, '0')}` },
        })),
      },
    );
    expect((await deliverMetaWebhook(t.baseUrl, payload, wa.appSecret)).status).toBe(200);
    await eventually('the agent answers', async () => sentTo(phone).find((s) => s.body.text?.body === 'ECHO: Mensaje 40'), 30_000);
    const { conversation } = await ws.customerWrites(phone, 'Mensaje 41');
    await eventually('the second answer', async () => sentTo(phone).find((s) => s.body.text?.body === 'ECHO: Mensaje 41'), 30_000);
    // The client's profile as an integrator sends it, and another conversation of theirs (a chat with Billing).
    const sent = await ws.api.post('/v1/messages', {
      channelId: wa.id,
      conversationId: phone,
      content: 'Te escribimos de Ventas',
      client: { email: 'lucia@example.test', company: 'Paredes y Cía', city: 'Puebla', owners: [email()] },
    });
    expect(sent.status).toBeLessThan(300);
    const chat = await ws.api.post('/v1/chat', {
      agentId: ws.ids.agents.billing.id,
      client: { id: conversation.clientId },
      message: 'una consulta por el chat',
    });
    expect(chat.status).toBe(200);
    // The first 20 a day earlier: a message's time is when Plática received it, so the seed moves them.
    const firsts = Array.from({ length: 20 }, (_, i) => `Mensaje ${String(i + 1).padStart(2, '0')}`);
    await t.query(
      `update messaging.message set created_at = created_at - interval '24 hours' where conversation_ref = $1 and content = any($2)`,
      [conversation.id, firsts],
    );
    const others = (await ws.api.get(`/v1/conversations?clientId=${conversation.clientId}`)).body.workspaces[0].conversations;
    const other = others.find((c: any) => c.id !== conversation.id);

    const page = await open(conversation.id);
    const timeline = page.getByRole('region', { name: 'Messages' });
    await timeline.getByText('Te escribimos de Ventas').waitFor();
    // At its newest: the latest in view, the oldest not even drawn yet.
    const inView = async (text: string) => {
      const [box, item] = [await timeline.boundingBox(), await timeline.getByText(text, { exact: true }).boundingBox()];
      return item!.y >= box!.y && item!.y + item!.height <= box!.y + box!.height + 1;
    };
    await eventually('the newest message in view', async () => ((await inView('Te escribimos de Ventas')) ? true : undefined), 5_000);
    expect(await timeline.getByText('Mensaje 01', { exact: true }).count()).toBe(0);
    await check(page, 'conv-17-newest-first');

    // Scrolled to its top, older messages come above, the message read kept where it was on screen.
    const scroller = page.locator('section.timeline');
    while ((await timeline.getByText('Mensaje 01', { exact: true }).count()) === 0) {
      const before = await scroller.evaluate((element) => {
        const first = element.querySelector('ol.messages > li[id]')!;
        element.scrollTop = 0;
        return { id: first.id, offset: first.getBoundingClientRect().top - element.getBoundingClientRect().top };
      });
      await page.waitForFunction((id) => document.querySelector('section.timeline ol.messages > li[id]')?.id !== id, before.id);
      const after = await scroller.evaluate(
        (element, id) => document.getElementById(id)!.getBoundingClientRect().top - element.getBoundingClientRect().top,
        before.id,
      );
      expect(Math.abs(after - before.offset)).toBeLessThanOrEqual(2);
    }
    expect(await page.getByRole('button', { name: /Show older messages/ }).count()).toBe(0);
    // A date before each day's messages: as many as the days the messages fall on, here where the browser is.
    const messages = (await detail(conversation.id)).messages.map((m: any) => m.creationDate as string);
    const days = await page.evaluate((dates: string[]) => new Set(dates.map((d) => new Date(d).toDateString())).size, messages);
    expect(days).toBeGreaterThanOrEqual(2);
    expect(await timeline.locator('li.day-separator').count()).toBe(days);
    await timeline.locator('li.day-separator').filter({ hasText: 'Today' }).waitFor();
    await timeline.getByText('Mensaje 01', { exact: true }).scrollIntoViewIfNeeded();
    await check(page, 'conv-18-oldest-and-dates');

    // The contact beside the conversation: profile, owners, state, the other conversation.
    const contact = page.getByRole('complementary', { name: 'Contact' });
    for (const fact of ['Lucía Paredes', phone, 'lucia@example.test', 'Paredes y Cía', 'Puebla', email(), 'Active']) {
      await contact.getByText(fact, { exact: true }).waitFor();
    }
    const link = contact.getByRole('list', { name: 'Other conversations' }).getByRole('link');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(`/console/w/${ws.id}/conversations/${other.id}`);
    // Blocked through the API: the panel says so, and why.
    const blocked = await ws.api.patch(`/v1/clients/${conversation.clientId}`, { status: 'blocked', reason: 'manual_dashboard' });
    expect(blocked.status).toBe(200);
    await page.reload();
    await contact.getByText('Blocked', { exact: true }).waitFor();
    await contact.getByText('blocked in the console').waitFor();
    await check(page, 'conv-19-contact');

    // On a phone, behind its button, without sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await contact.getByText('Lucía Paredes', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show the contact' }).click();
    await contact.getByText('Lucía Paredes', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await check(page, 'conv-20-contact-phone');
  });

  it('assigns each request for a person in turn to the people available (two signed in at once), and lists Mine and Unassigned', async () => {
    expect((await ws.api.patch(`/v1/agents/${ws.ids.agents.sofia.id}`, { assistanceEnabled: true })).status).toBe(200);
    // A customer the agent answers alone: nobody is assigned to them.
    const plain = (await ws.customerWrites(newPhone(), 'hola')).conversation.id as string;
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      // Both mark themselves available in their own inbox; Ana (an admin) has requests assigned in turn.
      const ana = await browser.newPage();
      await browser.signIn(ana, { email: email(), password });
      await ana.goto(`${t.baseUrl}/console/w/${ws.id}/inbox`);
      const beto = await second.newPage();
      await browser.signIn(beto, colleague);
      await beto.goto(`${t.baseUrl}/console/w/${ws.id}/inbox`);
      for (const page of [ana, beto]) {
        // The switch shows the API's answer: it turns on once the change is stored.
        await page.getByRole('button', { name: 'Alerts and availability' }).click();
        await page.getByRole('switch', { name: 'Available for new conversations' }).click();
        await page.getByRole('switch', { name: 'Available for new conversations', checked: true }).waitFor();
      }
      expect(await beto.getByLabel('When the agent asks for a person').count()).toBe(0);
      await ana.getByLabel('When the agent asks for a person').selectOption('round_robin');
      await eventually('round-robin', async () => (await ws.api.get('/v1/assignment')).body.mode === 'round_robin' || undefined);
      await check(ana, 'conv-17-assignment-views');

      // Two customers ask for a person: one goes to each of them, announced to both tabs.
      const asks = async () => {
        const { conversation } = await ws.customerWrites(newPhone(), '[[help]] con una persona, por favor');
        return eventually('assigned', async () => (await detail(conversation.id)).assignee ?? undefined, 30_000).then((assignee) => ({
          id: conversation.id as string,
          assignee: assignee.email as string,
        }));
      };
      const first = await asks();
      const next = await asks();
      expect([first.assignee, next.assignee].sort()).toEqual([email(), colleague.email].sort());
      const betos = first.assignee === colleague.email ? first : next;
      const anas = betos === first ? next : first;
      expect(await detail(betos.id)).toMatchObject({ state: 'waiting', assignee: { email: colleague.email } });

      // Mine: each sees their own; Unassigned: neither.
      await beto.getByRole('button', { name: 'Mine' }).click();
      await beto.locator(`tbody tr[data-id="${betos.id}"]`).getByText(colleague.email).waitFor();
      expect(await beto.locator(`tbody tr[data-id="${anas.id}"]`).count()).toBe(0);
      expect(new URL(beto.url()).searchParams.get('assignee')).toBe('me');
      await ana.getByRole('button', { name: 'Mine' }).click();
      await ana.locator(`tbody tr[data-id="${anas.id}"]`).waitFor();
      await ana.getByRole('button', { name: 'Unassigned' }).click();
      await ana.locator(`tbody tr[data-id="${plain}"]`).waitFor();
      const unassigned = await ana.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id));
      expect(unassigned).not.toContain(anas.id);
      expect(unassigned).not.toContain(betos.id);
      const listed = await ws.api.get('/v1/conversations?assignee=none&limit=200');
      expect(listed.body.workspaces[0].conversations.every((c: any) => c.assignee === null)).toBe(true);

      // Beto opens his, sees it is his, and gives it to Ana: her Mine view shows it live.
      await beto.locator(`tbody tr[data-id="${betos.id}"] a`).click();
      await beto.getByText('Assigned to you').waitFor();
      await check(beto, 'conv-18-assigned-to-you');
      await ana.getByRole('button', { name: 'Mine' }).click();
      await beto.getByLabel('Assign to').selectOption({ label: email() });
      await beto.getByText(`Assigned to ${email()}`).waitFor();
      await ana.locator(`tbody tr[data-id="${betos.id}"]`).waitFor({ timeout: 2_000 });
    } finally {
      await second.close();
      await ws.api.patch('/v1/assignment', { mode: 'none' });
    }
  });

  it('a note mentioning a colleague tells them at once and never reaches the customer; a canned reply from / goes out filled in', async () => {
    // Marta López writes on WhatsApp (her profile's name): the agent answers her.
    const { phone, conversation } = await ws.customerWrites(newPhone(), 'hola', undefined, 'Marta López');
    await eventually('the agent answers', async () => texts(phone).includes('ECHO: hola') || undefined, 30_000);
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      // Beto has the inbox open, its event stream live.
      const beto = await second.newPage();
      await browser.signIn(beto, colleague);
      await beto.goto(`${t.baseUrl}/console/w/${ws.id}/inbox`);
      await beto.getByText('Live: changes appear as they happen.').waitFor();

      // Ana writes a note, picking Beto from the list @ opens.
      const ana = await open(conversation.id);
      await ana.getByRole('radio', { name: 'Note' }).check();
      const field = ana.getByLabel('Private note (never sent to the customer)');
      await field.fill('');
      await field.pressSequentially('Llámala mañana @bet');
      await ana.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: colleague.email }).waitFor();
      await check(ana, 'conv-23-mention-picker');
      await field.press('Enter');
      await field.pressSequentially('por favor');
      expect(await field.inputValue()).toBe(`Llámala mañana @${colleague.email} por favor`);
      await ana.getByRole('button', { name: 'Add note' }).click();
      const shown = ana.getByRole('listitem', { name: `Private note by ${email()}` });
      await shown.getByText(`Llámala mañana @${colleague.email} por favor`).waitFor();
      await check(ana, 'conv-24-private-note');

      // Beto is told at once, and the conversation is marked for him until he opens it.
      await beto.getByRole('status').getByText(`${email()} mentioned you in a note.`).waitFor({ timeout: 2_000 });
      await beto.locator(`tbody tr[data-id="${conversation.id}"]`).getByText('Mentioned').waitFor();
      await check(beto, 'conv-25-mentioned');
      await beto.getByRole('status').getByRole('link', { name: 'Open the conversation' }).click();
      await beto.getByRole('listitem', { name: `Private note by ${email()}` }).waitFor();
      expect(await beto.getByText(`${email()} mentioned you in a note.`).count()).toBe(0);

      // Ana adds a canned reply on its page; the same shortcut again is refused beside the field.
      await ana.getByRole('link', { name: 'Manage canned replies' }).click();
      const addReply = async (shortcut: string, text: string) => {
        await ana.getByRole('textbox', { name: 'Shortcut' }).fill(shortcut);
        await ana.getByRole('textbox', { name: /^Text/ }).fill(text);
        await ana.getByRole('button', { name: 'Add canned reply' }).click();
      };
      await addReply('saludo', 'Hola {{contact.firstname}}, ¿en qué te ayudo?');
      await ana.getByRole('cell', { name: '/saludo', exact: true }).waitFor();
      await addReply('SALUDO', 'otra');
      await ana.getByText('is taken in this workspace').waitFor();
      await check(ana, 'conv-26-canned-replies-page');
      expect((await ws.api.get('/v1/canned-replies')).body.cannedReplies.map((r: any) => r.shortcut)).toEqual(['saludo']);

      // In the conversation, / opens the list filtered as typed, Enter inserts it filled from the contact; sent, the customer gets it.
      await ana.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
      await ana.getByRole('radio', { name: 'Reply' }).check();
      const reply = ana.getByLabel('Your reply');
      await reply.pressSequentially('/sal');
      await ana
        .getByRole('listbox', { name: 'Canned replies' })
        .getByRole('option', { name: /\/saludo/ })
        .waitFor();
      await check(ana, 'conv-27-canned-suggestions');
      await reply.press('Enter');
      expect(await reply.inputValue()).toBe('Hola Marta, ¿en qué te ayudo?');
      await ana.getByRole('button', { name: 'Send', exact: true }).click();
      await eventually(
        'the canned reply at Graph',
        async () => texts(phone).includes('Hola Marta, ¿en qué te ayudo?') || undefined,
        30_000,
      );
      // The note never went to the customer.
      expect(texts(phone).some((text) => text?.includes('Llámala'))).toBe(false);
      expect(JSON.stringify(graph.sends(ws.whatsapp.phoneNumberId))).not.toContain('Llámala');
    } finally {
      await second.close();
      for (const reply of (await ws.api.get('/v1/canned-replies')).body.cannedReplies)
        await ws.api.delete(`/v1/canned-replies/${reply.id}`);
    }
  });
});
