import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, registerUser } from './support/accounts.js';
import { callApi } from './support/api.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { ARTIFACTS_DIR, DESKTOP, MOBILE, launchBrowser } from './support/browser.js';

/**
 * axe-core over every route of the spec, at 1280×800 and 390×844, signed out and signed in (the admin
 * dashboard as an administrator), plus the dialogs (log a movie, Letterboxd import, share, delete
 * confirmation, sign in) and the live states (a search running, a race in progress): any violation
 * of the WCAG 2.0/2.1/2.2 A and AA rules fails, named by route, rule and element.
 * axe is injected into the page, so these contexts bypass the app's CSP (in this test only).
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const ADMIN = { username: `axe_admin_${randomBytes(3).toString('hex')}`, password: 'projection-booth-1927' };

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

let server: AppServer;
let browser: Browser;
let user: string;
let challengeId: string;

beforeAll(async () => {
  server = await startAppServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  user = `axe_${randomBytes(3).toString('hex')}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerUser(page, server.url, user);
  const list = await callApi<{ challenges: Array<{ id: string }> }>(page, 'GET', '/api/challenges');
  challengeId = list.challenges[0]!.id;
  await context.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Viewport = { width: number; height: number };

async function contextFor(viewport: Viewport, account?: { username: string; password: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce', bypassCSP: true });
  if (account) {
    const page = await context.newPage();
    // Signed in from a document of the origin that runs no app (the favicon): an app page's own requests in
    // flight at that moment (the socket's first polls) can carry the anonymous session the CSRF call started, and
    // a rolling session cookie on an answer landing after the login's can overwrite the new one (the likely cause
    // of one CI failure at 390 wide: /diary, in a context just signed in, asked to sign in).
    await page.goto(`${server.url}/favicon.svg`);
    await callApi(page, 'POST', '/api/auth/login', account);
    await page.close();
  }
  return context;
}

/** Runs axe on what the page shows now (optionally one part of it); returns one line per failing element. */
async function audit(
  page: Page,
  label: string,
  { include, skipContrast = false, settled = false }: { include?: string; skipContrast?: boolean; settled?: boolean } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // Contrast is measured on what has settled, never on an element halfway through a fade (`settled`: the visit waited).
  if (!skipContrast && !settled) await settleAnimations(page);
  const violations = await page.evaluate(
    async ({ tags, include, skipContrast }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        ...(skipContrast ? { rules: { 'color-contrast': { enabled: false } } } : {}),
      });
      return result.violations;
    },
    { tags: TAGS, include, skipContrast },
  );
  const lines = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${label} · ${violation.id} (${violation.impact}) · ${JSON.stringify(node.target)} · ${violation.help}`),
  );
  // Every failing element also goes to e2e/artifacts/axe-violations.txt (the assertion's diff is cut short when there are many).
  if (lines.length > 0) {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    appendFileSync(path.join(ARTIFACTS_DIR, 'axe-violations.txt'), lines.map((line) => `${line}\n`).join(''));
  }
  return lines;
}

/** Opens `route` and waits until the page has settled (data in, lazy parts loaded, no skeletons left). */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(server.url + route, { waitUntil: 'networkidle' });
  // Below-the-fold sections load as they come near: bring each in once, so axe sees them too.
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let top = 0; top < height; top += 700) await page.evaluate((y) => window.scrollTo(0, y), top);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 }).catch(() => undefined);
  // A live search on arrival (/connection...) reveals its path over a second or two: let it finish, so
  // contrast is measured on the settled page, not on a card halfway through its fade-in.
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="search-stage"][data-phase="searching"]'), undefined, { timeout: 20_000 })
    .catch(() => undefined);
  await settleAnimations(page);
}

/**
 * Waits until no finite animation is running and no element's opacity is still changing (fades in progress would
 * be measured half-transparent; framer-motion drives some of them from script, which getAnimations() does not see).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => {
        const opacities = [...document.querySelectorAll('body *')].map((element) => getComputedStyle(element).opacity).join();
        const state = window as unknown as { lastOpacities?: string };
        const settled = state.lastOpacities === opacities;
        state.lastOpacities = opacities;
        return settled;
      },
      undefined,
      { timeout: 10_000, polling: 250 },
    )
    .catch(() => undefined);
}

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/terms',
  '/privacy',
  '/help',
  '/contact',
  '/entity/person/kevin-bacon',
  '/entity/movie/apollo-13-1995',
  '/entity/genre/drama',
  '/connection?from=person:kevin-bacon&to=person:tom-hanks',
  '/connection-result?from=person:kevin-bacon&to=person:tom-hanks',
  '/login',
  '/verify-email?token=not-a-token',
  '/api-docs',
  '/docs',
  '/leaderboards',
  '/challenges',
  '/discovery',
  '/social',
  '/status',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = ['/account/api-keys', '/badges', '/diary', '/profile', '/challenges/play/:challenge', '/u/:user'];

/** Pages open at once per context: most of a visit is waiting for the network to settle. */
const PARALLEL_PAGES = 3;

async function auditRoutes(context: BrowserContext, routes: string[], label: string): Promise<string[]> {
  const queue = routes.map((route) => route.replace(':challenge', challengeId).replace(':user', user));
  const found: string[][] = [];
  await Promise.all(
    Array.from({ length: PARALLEL_PAGES }, async () => {
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await visit(page, path);
        found.push(await audit(page, `${label} ${path}`, { settled: true }));
      }
      await page.close();
    }),
  );
  return found.flat().sort();
}

describe.each([
  ['1280×800', DESKTOP],
  ['390×844', MOBILE],
] as const)('every route at %s', (_name, viewport) => {
  it('signed out', async () => {
    const context = await contextFor(viewport);
    const found = await auditRoutes(context, [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES], 'signed out');
    await context.close();
    expect(found).toEqual([]);
  }, 240_000);

  it('signed in', async () => {
    const context = await contextFor(viewport, { username: user, password: E2E_PASSWORD });
    const found = await auditRoutes(context, [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES], 'signed in');
    await context.close();
    expect(found).toEqual([]);
  }, 240_000);

  it('the admin dashboard, as an administrator', async () => {
    const context = await contextFor(viewport, ADMIN);
    const found = await auditRoutes(context, ['/secure-admin-access-panel'], 'admin');
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);
});

describe.each([
  ['1280×800', DESKTOP],
  ['390×844', MOBILE],
] as const)('dialogs and live states at %s', (_name, viewport) => {
  it('the sign-in dialog, log a movie, the Letterboxd import, a delete confirmation and share', async () => {
    const found: string[] = [];
    const guest = await contextFor(viewport);
    const guestPage = await guest.newPage();
    await visit(guestPage, '/');
    const login = guestPage.getByRole('button', { name: 'Login', exact: true }).locator('visible=true');
    // On a phone the Login button sits in the menu.
    if ((await login.count()) === 0) await guestPage.getByRole('button', { name: 'Open menu' }).click();
    await login.first().click();
    await guestPage.getByRole('dialog').waitFor();
    found.push(...(await audit(guestPage, 'sign-in dialog')));
    await guest.close();

    const context = await contextFor(viewport, { username: user, password: E2E_PASSWORD });
    const page = await context.newPage();
    await visit(page, '/diary');
    await page.getByRole('button', { name: 'Log Movie' }).click();
    await page.getByRole('dialog', { name: 'Log a Movie' }).waitFor();
    found.push(...(await audit(page, 'log a movie dialog')));
    await page.keyboard.press('Escape');

    await callApi(page, 'POST', '/api/diary', { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13', watchedDate: '2024-03-15', rating: 4, rewatch: false });
    await visit(page, '/diary');
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('alertdialog').waitFor();
    found.push(...(await audit(page, 'delete confirmation')));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Import/ }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, 'Letterboxd import dialog')));
    await page.keyboard.press('Escape');

    await visit(page, '/connection-result?from=person:kevin-bacon&to=person:tom-hanks');
    await page.getByRole('heading', { name: 'Connection Found!' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Share/ }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, 'share dialog')));
    await context.close();
    expect(found).toEqual([]);
  }, 180_000);

  it('a search while it runs, and a race in progress', async () => {
    const found: string[] = [];
    const context = await contextFor(viewport, { username: user, password: E2E_PASSWORD });
    const page = await context.newPage();
    await visit(page, '/');
    await page.getByRole('button', { name: 'Meryl Streep and Keanu Reeves', exact: true }).click();
    await page.locator('[data-testid="search-stage"]').waitFor();
    // While it runs, every rule but contrast (cards are mid-fade by design); once it has settled, all of them.
    found.push(...(await audit(page, 'search running', { skipContrast: true })));
    found.push(...(await audit(page, 'search settled')));

    // A race: two players in one room, started, the pair on screen.
    const guestName = `axe_guest_${randomBytes(3).toString('hex')}`;
    const guest = await contextFor(viewport);
    const guestPage = await guest.newPage();
    await registerUser(guestPage, server.url, guestName);
    const { code } = await callApi<{ code: string }>(page, 'POST', '/api/challenges/races');
    await visit(page, `/challenges/race/${code}`);
    await guestPage.goto(`${server.url}/challenges/race/${code}`);
    await page.getByRole('button', { name: 'I’m ready' }).click();
    await guestPage.getByRole('button', { name: 'I’m ready' }).click();
    found.push(...(await audit(page, 'race lobby')));
    await page.getByRole('button', { name: 'Start race' }).click();
    await page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 20_000 });
    found.push(...(await audit(page, 'race in progress')));
    await guest.close();
    await context.close();
    expect(found).toEqual([]);
  }, 180_000);
});
