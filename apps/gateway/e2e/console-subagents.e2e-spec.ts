import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { FakeMetaGraph, MessagingWorkspace, useSharedStack, withAgents, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 2 through the real stack and Chromium: an agent's sub-agents listed with the
 * connected agent's state, an agent connected, a new one created and connected (a name over the
 * bound refused by the form with nothing sent), a connection's task changed (the other task's
 * fields cleared) and a connection removed; each read back through the API.
 */
describe('the console: sub-agents (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const agentNamed = async (name: string) =>
    ((await ws.api.get('/v1/agents')).body.workspaces[0].agents as { id: string; name: string }[]).find((a) => a.name === name)!;
  const subagentsOf = async (agentId: string) =>
    (await ws.api.get(`/v1/agents/${agentId}/subagents`)).body.subagents as Record<string, unknown>[];

  it('connects, creates and connects, changes a task and disconnects sub-agents', async () => {
    const sofia = await agentNamed('Sofía');
    const billing = await agentNamed('Billing');
    const page: Page = await browser.newPage();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (['POST', 'PATCH', 'DELETE'].includes(request.method()) && request.url().includes('/subagents')) writes.push(request.method());
    });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${sofia.id}`);
    await page.getByRole('link', { name: 'Sub-agents' }).click();
    await page.getByRole('heading', { name: 'Sub-agents of Sofía' }).waitFor();
    await page.getByText('This agent has no sub-agents.').waitFor();

    // Connect Billing to assist.
    const connect = page.getByRole('region', { name: 'Connect an agent' });
    await connect.getByLabel('Agent', { exact: true }).selectOption({ label: 'Billing' });
    await connect.getByLabel('When to consult it').fill('Questions about invoices');
    await connect.getByRole('switch').check();
    await connect.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 2 }).waitFor();
    expect(await subagentsOf(sofia.id)).toEqual([
      expect.objectContaining({
        reference: billing.id,
        task: 'assist',
        status: 'active',
        description: 'Questions about invoices',
        agentExists: true,
        hasPrompt: true,
        agentStatus: 'active',
      }),
    ]);
    await page.getByRole('cell', { name: 'Active, has a prompt' }).waitFor();
    await browser.check(page, 'subagents-01-connected');

    // A name over the bound is refused by the form itself: nothing sent.
    const create = page.getByRole('region', { name: 'Create a sub-agent' });
    await create.getByLabel('Name', { exact: true }).fill('x'.repeat(101));
    await create.getByLabel('Delegate: takes the conversation over until it is done').check();
    await create.getByLabel('When to delegate').fill('The customer wants to return a product');
    await create.getByRole('button', { name: 'Create and connect' }).click();
    await create.getByText('At most 100 characters.').waitFor();
    await browser.check(page, 'subagents-02-name-refused');
    expect(writes).toEqual(['POST']);

    await create.getByLabel('Name', { exact: true }).fill('Returns');
    await create.getByLabel('System prompt (optional)').fill('You handle returns.');
    await create.getByLabel('When to hand control back').fill('The return is booked');
    await create.getByRole('button', { name: 'Create and connect' }).click();
    await page.getByRole('heading', { name: 'Returns', level: 2 }).waitFor();
    const returns = await agentNamed('Returns');
    expect(returns).toMatchObject({ systemPrompt: 'You handle returns.' });
    expect(await subagentsOf(sofia.id)).toContainEqual(
      expect.objectContaining({
        reference: returns.id,
        task: 'delegate',
        status: 'inactive',
        delegationCriteria: 'The customer wants to return a product',
        completionCriteria: 'The return is booked',
        description: '',
      }),
    );
    await browser.check(page, 'subagents-03-created');

    // Billing's task changed to delegate: its description cleared on the form and by the API.
    const billingSection = page.getByRole('region', { name: 'Billing' });
    await billingSection.getByText('Edit Billing').click();
    expect(await billingSection.getByLabel('When to consult it').inputValue()).toBe('Questions about invoices');
    await billingSection.getByLabel('Delegate: takes the conversation over until it is done').check();
    await billingSection.getByLabel('When to delegate').fill('Refund requests');
    await billingSection.getByLabel('When to hand control back').fill('Refund issued');
    await billingSection.getByRole('button', { name: 'Save' }).click();
    await billingSection.getByText('Saved.').waitFor();
    expect((await subagentsOf(sofia.id)).find((s) => s.reference === billing.id)).toMatchObject({
      task: 'delegate',
      description: '',
      delegationCriteria: 'Refund requests',
      completionCriteria: 'Refund issued',
    });
    await browser.check(page, 'subagents-04-task-changed');

    // Disconnect Returns after confirming; the agent itself stays.
    const returnsSection = page.getByRole('region', { name: 'Returns' });
    await returnsSection.getByRole('button', { name: 'Disconnect Returns' }).click();
    await browser.check(page, 'subagents-05-confirm');
    await returnsSection.getByRole('button', { name: 'Yes, disconnect' }).click();
    await page.getByRole('heading', { name: 'Returns', level: 2 }).waitFor({ state: 'detached' });
    expect((await subagentsOf(sofia.id)).map((s) => s.reference)).toEqual([billing.id]);
    expect(await agentNamed('Returns')).toBeDefined();
    expect(writes).toEqual(['POST', 'POST', 'PATCH', 'DELETE']);
  });
});
