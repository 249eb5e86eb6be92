import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eventually, FakeMetaGraph, MessagingWorkspace, useSharedStack, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 7 through the real stack and Chromium: the usage page's figures (the summary,
 * the daily series' table under the chart, the billable messages by actor) are exactly what
 * GET /v1/usage/conversations and /v1/usage/actors answer for the same range and breakdown.
 * Issue 50 item 8: a conversation a person answered from the console counts as assisted, and the
 * autonomy rate is that of the conversations people answered.
 */
describe('the console: usage (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => Object.assign(doc.users[0]!, { password }));
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  /** The `dd` beside a term of the page's description lists. */
  const fact = (page: Page, term: string) =>
    page
      .locator('.facts div')
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator('dd')
      .innerText();
  /** The series table's body as rows of cells, header row first. */
  const seriesTable = (page: Page) =>
    page
      .getByRole('table', { name: /figures$/ })
      .locator('tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));

  it('shows the API figures for the billing period and for a tag breakdown, chart and table alike', async () => {
    const first = await ws.customerWrites();
    await ws.customerWrites();
    await ws.api.patch(`/v1/conversations/${first.conversation.id}`, { tags: ['vip'] });
    const sent = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: first.phone,
      type: 'text',
      content: 'Hola',
    });
    expect(sent.status).toBeLessThan(300);
    // A person answers the first conversation from the console: their reply takes it over, so it counts as assisted.
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${first.conversation.id}`);
    await page.getByLabel('Your reply').fill('Te atiendo yo');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('You are answering this conversation; the agent is paused.').waitFor();
    const usage = async (path: string) => (await ws.api.get(path)).body.workspaces[0];
    // The API send and the person's reply count once Graph has taken them.
    const actors = await eventually('the billable sends', async () => {
      const answer = await usage('/v1/usage/actors');
      return answer.actors.summary.totalMessages >= 2 ? answer.actors : undefined;
    });
    const byPlatform = (await usage('/v1/usage/conversations')).conversations;
    const { conversationCount, assistedConversationCount, autonomyRate } = byPlatform.summary;
    expect(conversationCount).toBeGreaterThanOrEqual(2);
    const answered = (await ws.api.get('/v1/conversations?state=human')).body.workspaces[0].conversations;
    expect(answered.map((c: { id: string }) => c.id)).toEqual([first.conversation.id]);
    expect(assistedConversationCount).toBe(answered.length);
    expect(autonomyRate).toBe(Math.round((10_000 * (conversationCount - answered.length)) / conversationCount) / 100);

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Billable messages' }).waitFor();
    expect(await fact(page, 'Conversations')).toBe(String(byPlatform.summary.conversationCount));
    expect(await fact(page, 'Assisted by a human')).toBe(String(byPlatform.summary.assistedConversationCount));
    expect(await fact(page, 'Assistance requests')).toBe(String(byPlatform.summary.assistanceRequestCount));
    expect(await fact(page, 'Autonomy rate')).toBe(`${byPlatform.summary.autonomyRate} %`);
    expect(await fact(page, 'In all')).toBe(String(actors.summary.totalMessages));
    expect(await fact(page, 'API')).toBe(String(actors.actorTypes.find((a: { actorType: string }) => a.actorType === 'api').messages));
    const expectedRows = (series: { date: string; label: string; key: string | null; value: number }[], names: (string | null)[]) =>
      [...new Set(series.map((p) => p.date))].map((date) => [
        date,
        ...names.map((key) => String(series.find((p) => p.date === date && p.key === key)?.value ?? 0)),
      ]);
    const platforms = [...new Set(byPlatform.breakdown.series.map((p: { key: string }) => p.key))] as string[];
    expect((await seriesTable(page)).slice(1)).toEqual(expectedRows(byPlatform.breakdown.series, platforms));
    await browser.check(page, 'usage-01-platform');

    // By tag, today only: the range and breakdown go to the API, and its series comes back as the table.
    const today = byPlatform.breakdown.series.at(-1).date as string;
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.getByLabel('Breakdown').selectOption('tag');
    await page.getByRole('columnheader', { name: 'vip' }).waitFor();
    const byTag = (await usage(`/v1/usage/conversations?startDate=${today}&endDate=${today}&breakdown=tag`)).conversations;
    const tags = [...new Set(byTag.breakdown.series.map((p: { key: string | null }) => p.key))] as (string | null)[];
    const table = await seriesTable(page);
    expect(table[0]).toEqual(['Day', ...tags.map((key) => key ?? 'None')]);
    expect(table.slice(1)).toEqual(expectedRows(byTag.breakdown.series, tags));
    expect(new URL(page.url()).searchParams.get('breakdown')).toBe('tag');
    await browser.check(page, 'usage-02-tag-today');
  });
});
