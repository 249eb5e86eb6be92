import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core';

/** Where each console page's screenshot goes (git-ignored); printed by the tests. */
export const SCREENSHOTS = path.resolve(__dirname, '../../../.platica/test-output/console');
const CHROMIUM = process.env.PLATICA_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless (its chromium-headless-shell), for a browser test file: launched
 * once (at the first `open()`), a fresh context per test (no cookie or storage of an earlier test), each page screenshotted
 * and checked by axe-core, and the console's sign-in through Plática's own login page.
 * `open()` in beforeEach, `close()` in afterEach, `stop()` in afterAll.
 *
 * Signing in is done through the login pages once per user and file: later `signIn`s of that
 * user start with the session it left (its storageState's cookies), which a test that signs
 * out or ends sessions must not share: it says `fresh`.
 */
export class TestBrowser {
  context: BrowserContext | undefined;
  private browser: Promise<Browser> | undefined;
  /** By email: the cookies of the session a first sign-in made. */
  private readonly sessions = new Map<string, Cookie[]>();

  constructor(private readonly baseUrl: () => string) {
    mkdirSync(SCREENSHOTS, { recursive: true });
  }

  async open(): Promise<BrowserContext> {
    this.browser ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    this.context = await (await this.browser).newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    return this.context;
  }

  async close(): Promise<void> {
    await this.context?.close().catch(() => undefined);
    this.context = undefined;
  }

  async stop(): Promise<void> {
    await this.close();
    const launched = this.browser;
    this.browser = undefined;
    await (await launched?.catch(() => undefined))?.close();
  }

  newPage(): Promise<Page> {
    if (!this.context) throw new Error('TestBrowser.open() was not called');
    return this.context.newPage();
  }

  /** A screenshot of the page under `name`, and axe-core's verdict on it: no serious or critical violation. */
  async check(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    // Only the violations' details: the passes' (every node of every rule) are most of what axe
    // returns, and carrying them through Playwright's protocol cost more CPU than the check.
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    const grave = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(grave.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  /**
   * Into the console as this user, where `landing` (the inbox's heading by default) is awaited:
   * with the session of the user's first sign-in in this file, or, the first time and when
   * `fresh`, from the console's sign-in page through Plática's login page. `screenshots` names
   * those first two pages'. A `fresh` session is not kept for later sign-ins.
   */
  async signIn(
    page: Page,
    credentials: { email: string; password: string },
    options: { screenshots?: boolean; landing?: string; fresh?: boolean } = {},
  ): Promise<void> {
    const landing = page.getByRole('heading', { name: options.landing ?? 'Inbox' });
    const session = options.fresh ? undefined : this.sessions.get(credentials.email);
    if (session) {
      await page.context().addCookies(session);
      await page.goto(`${this.baseUrl()}/console/`);
      await landing.waitFor();
      return;
    }
    await page.goto(`${this.baseUrl()}/console/`);
    await page.getByRole('heading', { name: 'Sign in to the Plática console' }).waitFor();
    if (options.screenshots) await this.check(page, '01-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('heading', { name: 'Sign in to Plática' })
      .waitFor({ timeout: 15_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nat ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`);
      });
    if (options.screenshots) await page.screenshot({ path: path.join(SCREENSHOTS, '02-authorization-server-login.png'), fullPage: true });
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Password').fill(credentials.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await landing.waitFor();
    if (!options.fresh) this.sessions.set(credentials.email, (await page.context().storageState()).cookies);
  }
}
