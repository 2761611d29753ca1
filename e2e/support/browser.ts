import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { repoRoot } from './app-server.js';

/** Debian's Chromium; playwright-core brings no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(repoRoot, 'e2e/artifacts');

export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The hang guard of a test that plays a whole flow (a daily from the home card to the reveal with some twenty
 * pictures; a race across three browsers; a discovery paid into a live board): the project's 60 s fits one
 * screen's test, and on a busy CI machine these flows took 62–66 s while every step still passed.
 */
export const LONG_FLOW_TIMEOUT_MS = 150_000;
export const MOBILE = { width: 390, height: 844 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions thrown in the page so far. */
  pageErrors: Error[];
  close(): Promise<void>;
}

export interface OpenPageOptions {
  /** 'reduce' (default) shows final states at once; 'no-preference' plays the animations. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** Browser permissions to grant the app's origin, e.g. ['clipboard-read', 'clipboard-write']. */
  permissions?: string[];
}

/**
 * A fresh context (own cookies) and page at `viewport`; a screenshot is kept if the current test fails.
 * Call inside a test.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  name?: string,
  { reducedMotion = 'reduce', permissions }: OpenPageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion, permissions });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  onTestFailed(async ({ task }) => {
    await screenshot(page, `FAILED-${name ?? task.name}`).catch(() => undefined);
  });
  return { page, pageErrors, close: () => context.close() };
}

/** Where a picture named `name` goes (e2e/artifacts/<name>.png). */
async function artifactPath(name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  return path.join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}.png`);
}

/**
 * Whether the pictures taken for people to look at are taken (E2E_SCREENSHOTS=0: not). `.ci/run` turns them off:
 * nobody opens a clean clone's pictures, and a full-page PNG costs Chromium a second of CPU (some 200 per run).
 * A failing test's picture is taken either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

/** Saves a PNG (full page unless `fullPage: false`) to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, timeout, clip }: { fullPage?: boolean; timeout?: number; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<string> {
  const file = await artifactPath(name);
  if (!screenshotsWanted && !name.startsWith('FAILED-')) return file;
  try {
    await page.screenshot({ path: file, fullPage, clip, timeout: timeout ?? 15_000 });
  } catch (error) {
    // A picture is for people to look at, never a check: when Chromium delivers no frame in time
    // (it sometimes stalls under load), say so and let the test go on with what it asserts.
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    console.warn(`screenshot ${name}: not taken (${error.message.split('\n')[0]})`);
  }
  return file;
}

/**
 * Closes the toasts on screen, so a picture shows the page under them. A notice waiting behind an
 * action's toast shows once that one closes; a toast may also close on its own (auto-close) while
 * it is being clicked, so no click waits long.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  for (let round = 0; round < 4; round++) {
    // Two painted frames: a toast the last answer or the last close brought is on screen by then.
    // (Typed by hand: this module is also compiled without the DOM's types; see screens.ts.)
    await page.evaluate(() => {
      const frame = (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => number }).requestAnimationFrame;
      return new Promise<void>((resolve) => frame(() => frame(() => resolve())));
    });
    if (!(await close.count())) return;
    await close.first().click({ timeout: 2_000 }).catch(() => undefined);
    await close.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
  }
}

/**
 * The toast card on screen with this title (and description): what people see for its 5 s. Not Radix's
 * role="status" announcement for screen readers, which lives 1 s and which a busy machine's polling missed;
 * and not by role either, since an open dialog hides the page around it (the toasts too) from the
 * accessibility tree while the announcement, added later, is still read out.
 */
export function toastCard(page: Page, title: string | RegExp, description?: string | RegExp): Locator {
  const card = page.locator('li[data-variant]').filter({ hasText: title });
  return (description === undefined ? card : card.filter({ hasText: description })).first();
}

/** Waits for the toast with this title and description (one wait for both: a toast may close right after). */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp): Promise<void> {
  await toastCard(page, title, description).waitFor();
}

