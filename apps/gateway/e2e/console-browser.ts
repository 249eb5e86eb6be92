import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Where each console page's screenshot goes (git-ignored); printed by the tests. */
export const SCREENSHOTS = path.resolve(__dirname, '../../../.platica/test-output/console');
const CHROMIUM = process.env.PLATICA_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A headless Debian Chromium for the console's browser tests: a fresh profile per test, each
 * page screenshotted and checked by axe-core, and the sign-in through Plática's own login page.
 * Use `open()` in beforeEach and `close()` in afterEach.
 */
export class ConsoleBrowser {
  context: BrowserContext | undefined;
  private userDataDir = '';

  constructor(private readonly baseUrl: () => string) {
    mkdirSync(SCREENSHOTS, { recursive: true });
  }

  async open(): Promise<BrowserContext> {
    this.userDataDir = mkdtempSync(path.join(tmpdir(), 'platica-console-'));
    this.context = await chromium.launchPersistentContext(this.userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    return this.context;
  }

  async close(): Promise<void> {
    await this.context?.close().catch(() => undefined);
    this.context = undefined;
    if (this.userDataDir) rmSync(this.userDataDir, { recursive: true, force: true });
  }

  newPage(): Promise<Page> {
    if (!this.context) throw new Error('ConsoleBrowser.open() was not called');
    return this.context.newPage();
  }

  /** A screenshot of the page under `name`, and axe-core's verdict on it: no serious or critical violation. */
  async check(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    const grave = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(grave.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  /**
   * From the console's sign-in page through Plática's login page, back into the console, where
   * `landing` (the inbox's heading by default) is awaited. `screenshots` names the first two pages'.
   */
  async signIn(
    page: Page,
    credentials: { email: string; password: string },
    options: { screenshots?: boolean; landing?: string } = {},
  ): Promise<void> {
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
    await page.getByRole('heading', { name: options.landing ?? 'Inbox' }).waitFor();
  }
}
