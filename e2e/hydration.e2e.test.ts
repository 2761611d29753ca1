import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage } from './support/browser.js';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every route of the spec a first visit can land on (the play and race pages need a challenge or room). */
const ROUTES = [
  '/',
  '/about',
  '/terms',
  '/privacy',
  '/help',
  '/contact',
  '/entity/person/kevin-bacon',
  '/connection?from=person:kevin-bacon&to=person:tom-hanks',
  '/connection-result?from=person:kevin-bacon&to=person:tom-hanks',
  '/login',
  '/account/api-keys',
  '/api-docs',
  '/docs',
  '/badges',
  '/leaderboards',
  '/challenges',
  '/diary',
  '/social',
  '/profile',
  '/discovery',
  '/status',
  '/no-such-page',
];

/**
 * Opens `path` and waits until the app has hydrated the server's first paint, page included (src/main.tsx marks
 * the document then) and the header shows the session's answer.
 */
async function hydrate(page: Page, path: string, signedIn: boolean): Promise<string[]> {
  await page.goto(server.url + path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Attached, not visible: on a phone the session's buttons sit in the closed menu.
  await page
    .getByRole('banner')
    .getByRole('button', { name: signedIn ? 'Logout' : 'Login', exact: true, includeHidden: true })
    .first()
    .waitFor({ state: 'attached' });
  return page.evaluate(() => (window as unknown as { __hydrationErrors: string[] }).__hydrationErrors);
}

/** The API paths matching `pattern` that the page requests from now on (collected as they leave the browser). */
function apiRequests(page: Page, pattern: RegExp): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (pattern.test(path)) asked.push(path);
  });
  return asked;
}

describe('the app hydrates the first paint (issue 27)', () => {
  // A page whose first render differs from the server's HTML makes React throw that HTML away and draw the
  // page again: on a phone, the long task hydration exists to avoid. Every route on a phone; the server's HTML
  // is the same at every width, so a desktop only re-checks the pages the phone benchmark measures.
  it('attaches to the HTML of every route, signed out, at 390 and 1280 wide, without drawing it again', async () => {
    for (const [viewport, paths] of [[MOBILE, ROUTES], [DESKTOP, ROUTES.slice(0, 1).concat(ROUTES.filter((path) => /^\/(challenges|discovery|leaderboards|entity|connection-result)/.test(path)))]] as const) {
      const { page, pageErrors, close } = await openPage(browser, viewport);
      for (const path of paths) expect(await hydrate(page, path, false), `${path} at ${viewport.width}`).toEqual([]);
      expect(pageErrors).toEqual([]);
      await close();
    }
  });

  it("draws the home page's figures, example pairs and daily card into its HTML, and the app asks again only for the daily's fresh numbers", async () => {
    const html = await (await fetch(server.url + '/')).text();
    expect(html).toContain('data-testid="hero-stats"');
    expect(html).not.toContain('hero-stats-loading');
    expect(html).toMatch(/Kevin Bacon<span aria-hidden="true" class="[^"]*">↔<\/span>/);
    // Drawn for a visitor without a session: today's challenge as everyone sees it.
    expect(html).toContain('Accept Challenge');
    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    const asked = apiRequests(page, /^\/api\/(stats|search)\b/);
    expect(await hydrate(page, '/', false)).toEqual([]);
    await page.getByRole('button', { name: 'Kevin Bacon and Tom Hanks', exact: true }).waitFor();
    expect(asked).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it("draws /discovery's Trending tab (12 films, 6 people) into its HTML, and the app does not ask for it again", async () => {
    const html = await (await fetch(server.url + '/discovery')).text();
    expect(html.match(/data-testid="movie-card"/g)).toHaveLength(12);
    expect(html.match(/data-testid="person-card"/g)).toHaveLength(6);
    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    const asked = apiRequests(page, /^\/api\/(movies\/trending|people\/popular)\b/);
    expect(await hydrate(page, '/discovery', false)).toEqual([]);
    // The time it was computed is the reader's own: it appears once the app is up.
    await page.getByTestId('trending-updated-at').waitFor();
    expect(asked).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('draws the board the URL names into /leaderboards\' HTML (a page kept 5 s at most), then reads it afresh', async () => {
    const html = await (await fetch(server.url + '/leaderboards?tab=weekly')).text();
    expect(html).toContain('data-testid="board-caption"');
    expect(html).not.toContain('leaderboard-skeleton-row');
    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    const asked = apiRequests(page, /^\/api\/leaderboards\//);
    expect(await hydrate(page, '/leaderboards?tab=weekly', false)).toEqual([]);
    await expect.poll(() => asked).toEqual(['/api/leaderboards/weekly']);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('attaches to the same HTML for a signed-in reader, then shows their session', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    await registerUser(page, server.url, 'hydration_reader');
    for (const path of ['/', '/challenges', '/diary', '/social', '/profile', '/badges', '/discovery']) {
      expect(await hydrate(page, path, true), path).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
    await close();
  });
});
