import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  HttpTarget,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  newPhone,
  scriptedGuardrailVerdict,
  useSharedStack,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** A candidate's system prompt carries this: the fake model then greets back and looks shipping up. */
const CANDIDATE = 'CANDIDATE-PROMPT';
const GREETING = '¡Hola! ¿En qué puedo ayudarte hoy?';

/**
 * Issue 40 item 5 through the real stack, the fake model and a real headless Chromium: an agent's
 * recorded turns (a greeting, a question about shipping) replayed with a candidate prompt version
 * started from the console; the evaluation page's summary and per-turn diffs (the changed reply
 * side by side, the added tool call with its arguments); and, with the agent requiring
 * evaluations, the Activate button refused with its reason until a passing evaluation, the API's
 * own 409 shown when the console's view is stale; a running evaluation followed and cancelled.
 * Every page is screenshotted and checked by axe-core.
 */
describe('evaluations in the console (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let target: HttpTarget;
  let ws: MessagingWorkspace;
  let sofia: string;
  let toolName: string;
  let conversationId: string;
  const browser = new TestBrowser(() => t.baseUrl);
  /**
   * The evaluation page's own status, once it reads `status`: the list page it came from (with
   * its own status cells) may still be on screen a moment after the URL changed.
   */
  const evaluationStatus = (page: Page, status: string) =>
    page.getByRole('region', { name: 'Status', exact: true }).getByText(status, { exact: true }).waitFor({ timeout: 60_000 });
  const password = `pw-${randomBytes(6).toString('hex')}`;

  /** The active prompt echoes; the candidate greets back and looks the shipping up with the tool; the judge likes a greeting. */
  function model(request: ChatCompletionRequest): FakeAnswer {
    if (request.tools?.some((tool) => tool.function.name === 'grade_reply')) {
      const greets = textOf(lastOf(request.messages, 'user')).includes(`Candidate reply: ${GREETING}`);
      return { toolCall: { name: 'grade_reply', arguments: { score: greets ? 5 : 3, reason: greets ? 'greets back' : 'plain' } } };
    }
    if (isGuardrailEvaluation(request)) return scriptedGuardrailVerdict(request, 'high');
    const said = textOf(lastOf(request.messages, 'user'));
    const candidate = request.messages.some((m) => m.role === 'system' && textOf(m).includes(CANDIDATE));
    if (request.messages.at(-1)?.role === 'tool') return { text: `ECHO: ${said}` };
    if (candidate && said.includes('envío')) return { toolCall: { name: toolName, arguments: { order: 'envio' } } };
    if (candidate && said.includes('hola')) return { text: GREETING };
    return { text: `ECHO: ${said}` };
  }

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    target = await HttpTarget.start(() => ({ body: { estado: 'enviado' } }));
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
    sofia = ws.ids.agents.sofia.id;
    const api = await ws.api.post('/v1/tools/apis', {
      name: `pedidos_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el estado de un pedido.',
      request: { method: 'GET', url: `${target.url}/orders/{{order}}` },
      variables: [{ name: 'order', type: 'string', description: 'Número de pedido', required: true, mode: 'ai' }],
    });
    expect(api.status).toBe(201);
    expect((await ws.api.post(`/v1/tools/apis/${api.body.data.id}/enable`, {})).status).toBe(200);
    toolName = api.body.data.toolName;
    expect((await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: api.body.data.id })).status).toBe(201);
    llm.answer = model;

    // Two turns recorded with the active prompt.
    const phone = newPhone();
    for (const [index, text] of ['hola', 'cuándo llega el envío'].entries()) {
      const written = await ws.customerWrites(phone, text);
      conversationId = written.conversation.id;
      await eventually(
        `reply ${index + 1}`,
        async () => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone)[index],
        30_000,
      );
    }
    await eventually(
      'both turns logged',
      async () => {
        const turns = (await ws.api.get(`/v1/conversations/${conversationId}/turns`)).body.turns as { outcome: string | null }[];
        return turns.length === 2 && turns.every((turn) => turn.outcome === 'answered');
      },
      30_000,
    );
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await target?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  beforeEach(async () => {
    await browser.open();
    expect((await ws.api.patch(`/v1/agents/${sofia}`, { requireEvaluation: false })).status).toBe(200);
  });
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const check = (page: Page, name: string) => browser.check(page, name);
  const agentPage = async (page: Page) => {
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${sofia}`);
    await page.getByRole('heading', { name: 'Prompt history' }).waitFor();
  };
  const activePromptId = async () => (await ws.api.get(`/v1/agents/${sofia}/prompt`)).body.activePromptId as string | null;
  /** A version stored without activating it, by the API. */
  const storedVersion = async (systemPrompt: string, note: string) => {
    const created = await ws.api.post(`/v1/agents/${sofia}/prompt`, { systemPrompt, note, activate: false });
    expect(created.status).toBe(201);
    return created.body.data.promptId as string;
  };
  /** An evaluation by the API, awaited to its end. */
  const evaluatedByApi = async (body: Record<string, unknown>) => {
    const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, body);
    expect(started.status).toBe(202);
    return eventually(
      'the evaluation to end',
      async () => {
        const read = await ws.api.get(`/v1/agents/${sofia}/evaluations/${started.body.data.id}`);
        return read.body.status !== 'running' ? read.body : undefined;
      },
      60_000,
      200,
    );
  };

  it('starts an evaluation of a new version from the console and shows its summary and per-turn diffs', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await agentPage(page);
    const before = await activePromptId();

    // A new version saved without activating it.
    const tag = randomBytes(3).toString('hex');
    await page.getByLabel('System prompt').fill(`Eres Sofía. ${CANDIDATE}`);
    await page.getByLabel('Note', { exact: true }).fill(`candidate ${tag}`);
    await page.getByLabel('Activate it now').uncheck();
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('cell', { name: `candidate ${tag}`, exact: true }).waitFor();
    expect(await activePromptId()).toBe(before);
    const candidateId = (await ws.api.get(`/v1/agents/${sofia}/prompt`)).body.versions.find(
      (v: { note: string | null }) => v.note === `candidate ${tag}`,
    ).id as string;

    await page.getByRole('link', { name: 'Evaluations of this agent' }).click();
    await page.getByRole('heading', { name: 'Start an evaluation' }).waitFor();
    expect(await page.getByLabel('Candidate version').inputValue()).toBe(candidateId);

    // The API's bounds, checked before asking.
    await page.getByLabel(/Number of conversations/).fill('51');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    await page.getByText('Give a whole number from 1 to 50.').waitFor();
    await check(page, 'evals-01-new-evaluation-form');

    await page.getByLabel('These conversations').check();
    await page.getByLabel(/Conversation ids/).fill(conversationId);
    await page.getByRole('button', { name: 'Add a check' }).click();
    await page.getByRole('combobox', { name: /^Check 1/ }).selectOption('must_mention');
    await page.getByLabel('Text of check 1').fill('hola');
    await page.getByLabel(/Only when the customer says \(check 1/).fill('hola');
    await page.getByLabel(/Judge rubric/).fill('The agent greets the customer back.');
    await page.getByRole('button', { name: 'Start evaluation' }).click();

    // The evaluation's page, read again until it ends.
    await page.waitForURL(/\/evaluations\/evl_/);
    await evaluationStatus(page, 'Completed');
    const evaluationId = page.url().split('/').pop()!;
    const stored = (await ws.api.get(`/v1/agents/${sofia}/evaluations/${evaluationId}`)).body;
    expect(stored).toMatchObject({
      candidate: { promptId: candidateId },
      sample: { conversationIds: [conversationId] },
      checks: [{ kind: 'must_mention', text: 'hola', whenCustomerSays: 'hola' }],
      judge: { rubric: 'The agent greets the customer back.' },
      summary: { replayed: 2, repliesChanged: 1, toolCallsAdded: 1, checksFailed: 0, guardrailFlips: 0, passed: true },
    });

    const summary = page.getByRole('table', { name: 'Summary' });
    await summary.getByRole('row', { name: 'Replies changed 1' }).waitFor();
    await summary.getByRole('row', { name: 'Tool calls added 1' }).waitFor();
    await summary.getByRole('row', { name: 'Checks failed 0' }).waitFor();
    await summary.getByRole('row', { name: /Judge average 4\.00 of 5/ }).waitFor();
    await page.getByText('Passed: no check failed and no guardrail outcome flipped.').waitFor();

    // Turn 1: the recorded reply beside the candidate's.
    const replies = page.getByRole('table', { name: 'Replies of turn 1' });
    await replies.locator('td.removed', { hasText: 'ECHO: hola' }).waitFor();
    await replies.locator('td.added', { hasText: GREETING }).waitFor();
    await page.getByRole('article', { name: 'Turn 1' }).getByText('Passed: Must mention: “hola” (when the customer says “hola”)').waitFor();
    // Turn 2: the same reply, a tool call added with its arguments.
    const turn2 = page.getByRole('article', { name: 'Turn 2' });
    await turn2.getByText('Same reply both times:').waitFor();
    const calls = page.getByRole('table', { name: 'Tool calls of turn 2' });
    const added = calls.getByRole('row', { name: new RegExp(`${toolName}[\\s\\S]*envio[\\s\\S]*Added`) });
    await added.waitFor();
    expect(await added.getAttribute('class')).toBe('flagged');
    await check(page, 'evals-02-evaluation');

    // Listed on the agent's evaluations, passed.
    await page.getByRole('link', { name: /Back to the evaluations of/ }).click();
    const listed = page.getByRole('row', { name: new RegExp(`candidate ${tag}`) });
    await listed.getByText('Passed').waitFor();
    await listed.getByText('2 of 2 turns').waitFor();
    await check(page, 'evals-03-list');
  });

  it('disables Activate until the version passes an evaluation when the agent requires it, and shows the API’s refusal', async () => {
    const tag = randomBytes(3).toString('hex');
    // Version A passed an evaluation before the agent required them; version B is made in the console below.
    const versionA = await storedVersion(`Eres Sofía. ${CANDIDATE} A`, `first ${tag}`);
    expect(await evaluatedByApi({ candidate: { promptId: versionA }, sample: { last: 5 } })).toMatchObject({ summary: { passed: true } });
    expect((await ws.api.patch(`/v1/agents/${sofia}`, { requireEvaluation: true })).status).toBe(200);

    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await agentPage(page);
    // The history (with version A) is on the page before a new version is typed.
    await page.getByRole('row', { name: new RegExp(`first ${tag}`) }).waitFor();
    await page.getByLabel('System prompt').fill(`Eres Sofía. ${CANDIDATE} B`);
    await page.getByLabel('Note', { exact: true }).fill(`second ${tag}`);
    await page.getByText('Saved without activating it: this agent activates only evaluated versions.').waitFor();
    await page.getByRole('button', { name: 'Save as new version' }).click();
    const rowB = page.getByRole('row', { name: new RegExp(`second ${tag}`) });
    await rowB.waitFor();
    const activateB = rowB.getByRole('button', { name: /^Activate / });
    const activateA = page.getByRole('row', { name: new RegExp(`first ${tag}`) }).getByRole('button', { name: /^Activate / });
    await activateA.waitFor();
    expect(await activateA.isEnabled()).toBe(true);
    expect(await activateB.isDisabled()).toBe(true);
    await rowB.getByText('Needs a passing evaluation first.').waitFor();
    await check(page, 'evals-04-activate-gated');

    // A failing evaluation of A the page has not seen: the API refuses, naming it, and the button follows.
    const failing = await evaluatedByApi({
      candidate: { promptId: versionA },
      sample: { last: 5 },
      checks: [{ kind: 'must_mention', text: 'nunca dicho' }],
    });
    expect(failing.summary.passed).toBe(false);
    await activateA.click();
    const refusal = page.getByRole('alert').filter({ hasText: failing.id });
    await refusal.getByRole('link', { name: 'Evaluate this version' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(`first ${tag}`) })
      .getByText('Its latest evaluation did not pass.')
      .waitFor();
    expect(await activateA.isDisabled()).toBe(true);
    await check(page, 'evals-05-activation-refused');
    expect(await activePromptId()).not.toBe(versionA);

    // B evaluated from its row's link: the form comes with B chosen.
    await rowB.getByRole('link', { name: /^Evaluate / }).click();
    await page.getByRole('heading', { name: 'Start an evaluation' }).waitFor();
    const versionB = (await ws.api.get(`/v1/agents/${sofia}/prompt`)).body.versions.find(
      (v: { note: string | null }) => v.note === `second ${tag}`,
    ).id as string;
    expect(await page.getByLabel('Candidate version').inputValue()).toBe(versionB);
    await page.getByLabel(/Number of conversations/).fill('5');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    await page.waitForURL(/\/evaluations\/evl_/);
    await evaluationStatus(page, 'Completed');
    await page.getByText('Passed: no check failed and no guardrail outcome flipped.').waitFor();

    // Now B activates.
    await agentPage(page);
    await rowB.getByRole('link', { name: /^Passed \(Latest evaluation of/ }).waitFor();
    expect(await activateB.isEnabled()).toBe(true);
    await check(page, 'evals-06-activatable');
    await activateB.click();
    await eventually('B active', async () => (await activePromptId()) === versionB || undefined);
    await rowB.getByText('Active', { exact: true }).waitFor();
  });

  it('shows a running evaluation as it progresses, and cancels it', async () => {
    const versionId = await storedVersion(`Eres Sofía. ${CANDIDATE} C`, `slow ${randomBytes(3).toString('hex')}`);
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    // The model holds its answers until the evaluation is cancelled: it cannot finish first, however slow the machine.
    const release = llm.hold();
    try {
      await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${sofia}/evaluations?candidate=${versionId}`);
      await page.getByRole('heading', { name: 'Start an evaluation' }).waitFor();
      expect(await page.getByLabel('Candidate version').inputValue()).toBe(versionId);
      await page.getByRole('button', { name: 'Start evaluation' }).click();
      await page.waitForURL(/\/evaluations\/evl_/);
      await page.getByText('Running', { exact: true }).waitFor();
      await page.getByText('Updates every 2 seconds while it runs.').waitFor();
      await check(page, 'evals-07-running');
      // Released once the cancellation is answered, not at the click: released earlier, the held
      // replies could complete the evaluation before its cancellation arrived (a loaded run did).
      const cancelled = page.waitForResponse((answer) => /\/evaluations\/evl_[^/]+\/cancel$/.test(new URL(answer.url()).pathname));
      await page.getByRole('button', { name: 'Cancel evaluation' }).click();
      expect((await cancelled).status()).toBe(202);
      release();
      await page.getByText('Cancelled', { exact: true }).waitFor({ timeout: 30_000 });
    } finally {
      release();
    }
    const evaluationId = page.url().split('/').pop()!;
    expect((await ws.api.get(`/v1/agents/${sofia}/evaluations/${evaluationId}`)).body.status).toBe('cancelled');
    await page.getByRole('button', { name: 'Cancel evaluation' }).waitFor({ state: 'detached' });
  });
});
