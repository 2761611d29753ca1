import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { registerUser } from './support/accounts.js';
import { callApi } from './support/api.js';
import { MOBILE, launchBrowser, openPage } from './support/browser.js';

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

/** Each measured route, the page heading and text its first paint must already carry in the HTML, and its tab title. */
const PAGES = [
  { path: '/', heading: 'Cinema DNA', title: null, text: 'Name any two cinema entities and Cinema DNA finds the chain of links between them' },
  { path: '/discovery', heading: 'Discover Your Next Favorite Film', title: 'Discovery', text: 'What the community is watching' },
  { path: '/leaderboards', heading: 'Leaderboards', title: 'Rankings', text: 'Every connection you discover' },
] as const;

describe('first paint from the HTML (issue 27)', () => {
  it("serves each page's layout and first screen inside #root, inert until the app takes over", async () => {
    for (const { path, heading, text, title } of PAGES) {
      // A visitor with a session cookie (this one is not even valid: the page cannot know before the app asks).
      const html = await (await fetch(server.url + path, { headers: { Cookie: 'cdna.sid=s%3Asomeone' } })).text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root.startsWith('<div id="root" inert>'), path).toBe(true);
      expect(root, path).toContain('<header');
      expect(root, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      if (text) expect(root, path).toContain(text);
      expect(root, path).toContain('<footer');
      expect(html, path).toContain(`<title>${path === '/' ? 'Cinema DNA' : `${title} · Cinema DNA`}</title>`);
      // No user data in a page shared by everyone: the header shows the session check's placeholder.
      expect(root, path).not.toContain('Logout');
      expect(root, path).not.toContain('>Login<');
    }
  });

  it('draws a visitor without a session cookie signed out: the Login button, and the sign-in prompt of a members page', async () => {
    for (const { path } of PAGES) {
      const html = await (await fetch(server.url + path)).text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root.startsWith('<div id="root" inert data-signed-out>'), path).toBe(true);
      expect(root, path).toContain('>Login<');
    }
    const challenges = await (await fetch(`${server.url}/challenges`)).text();
    expect(challenges).toContain('id="sign-in-prompt-title"');
    expect(challenges).not.toContain('Checking your session');
    const withCookie = await (await fetch(`${server.url}/challenges`, { headers: { Cookie: 'cdna.sid=s%3Asomeone' } })).text();
    expect(withCookie).toContain('Checking your session');
  });

  it('draws the home page without any script, and the app then takes over in place (nothing moves, no console error)', async () => {
    const noScript = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 1, javaScriptEnabled: false, reducedMotion: 'reduce' });
    const staticPage = await noScript.newPage();
    await staticPage.goto(server.url);
    const staticHeading = staticPage.getByRole('heading', { level: 1, includeHidden: true });
    expect(await staticHeading.textContent()).toBe('Cinema DNA');
    expect(await staticHeading.isVisible()).toBe(true);
    const staticBox = await staticHeading.boundingBox();
    const staticFinder = await staticPage.locator('input').first().boundingBox();
    await noScript.close();

    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(server.url);
    // The app's first commit replaces the server's markup and lifts `inert`.
    await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe('Cinema DNA');
    expect(await heading.boundingBox()).toEqual(staticBox);
    expect(await page.locator('input').first().boundingBox()).toEqual(staticFinder);
    await page.getByTestId('hero-stats').waitFor();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('keeps a reader where they scrolled while the app was loading', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    // Hold the app's scripts until the reader has scrolled the server's page.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('#root[inert]').count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    release();
    await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    // The router's first render scrolls to the top; the takeover puts the reader back.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await close();
  });

  describe('with the data the page shows first', () => {
    const ENTITY = '/entity/person/kevin-bacon';
    const RESULT = '/connection-result?from=person:kevin-bacon&to=person:tom-hanks';

    /** A page as a browser without JavaScript draws it: only the server's HTML. */
    async function withoutScript<T>(path: string, look: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
      const context = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 1, javaScriptEnabled: false, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        await page.goto(server.url + path);
        return await look(page);
      } finally {
        await context.close();
      }
    }

    it("draws the entity page's header and films from the HTML, without any script", async () => {
      const entity = (await (await fetch(`${server.url}/api/entity/person/kevin-bacon`)).json()) as { name: string; filmography: { title: string }[] };
      expect(entity.filmography.length).toBeGreaterThan(0);
      await withoutScript(ENTITY, async (page) => {
        // The page is all there once loaded (no script will add anything): read it as it is.
        expect(await page.locator('h1').allTextContents()).toEqual(['Kevin Bacon']);
        expect(await page.locator('h1').isVisible()).toBe(true);
        const films = await page.getByTestId('movie-card').allTextContents();
        expect(films[0]).toContain(entity.filmography[0]!.title);
        expect(await page.getByRole('heading', { name: 'Known For', includeHidden: true }).isVisible()).toBe(true);
      });
    });

    it('draws both ends of a connection result from the HTML, without any script', async () => {
      await withoutScript(RESULT, async (page) => {
        const headings = await page.locator('h1').allTextContents();
        expect(headings).toHaveLength(1);
        expect(headings[0]).toContain('Kevin Bacon');
        expect(headings[0]).toContain('Tom Hanks');
        expect(await page.locator('h1').isVisible()).toBe(true);
      });
    });

    it('sends only public data, which the app takes over as it is (no second render), and the result page then searches and answers', async () => {
      const html = await (await fetch(server.url + RESULT)).text();
      const json = html.match(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/)?.[1];
      expect(json).toBeDefined();
      const state = JSON.parse(json!) as { queries: { queryKey: unknown[] }[] };
      expect(state.queries.map((query) => query.queryKey)).toEqual([
        ['entity', 'person', 'kevin-bacon'],
        ['entity', 'person', 'tom-hanks'],
      ]);

      const { page, pageErrors, close } = await openPage(browser, MOBILE);
      const entityRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/entity/')) entityRequests.push(request.url());
      });
      await page.goto(server.url + RESULT);
      const heading = page.getByRole('heading', { level: 1, includeHidden: true });
      const before = await heading.boundingBox();
      await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
      expect(await heading.boundingBox()).toEqual(before);
      // The live search runs on the takeover and shows the chain.
      await page.locator('[data-testid="search-stage"][data-phase="found"]').waitFor({ timeout: 30_000 });
      await page.getByRole('group', { name: 'Search result' }).getByText('Tom Hanks').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { __hydrationErrors: string[] }).__hydrationErrors)).toEqual([]);
      // Both ends came with the page: the app did not ask for them again.
      expect(entityRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
      await close();
    });

    it('the entity page hydrates with its data and works', async () => {
      const { page, pageErrors, close } = await openPage(browser, MOBILE);
      await page.goto(server.url + ENTITY);
      await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kevin Bacon');
      await expect.poll(() => page.title()).toBe('Kevin Bacon · Cinema DNA');
      expect(await page.evaluate(() => (window as unknown as { __hydrationErrors: string[] }).__hydrationErrors)).toEqual([]);
      await page.getByTestId('movie-card').first().getByRole('link').click();
      await page.waitForURL(/\/entity\/movie\//);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(pageErrors).toEqual([]);
      await close();
    });

    it("a signed-in visitor gets the same public HTML, then sees their own state once the app is up, without the page moving", async () => {
      const entity = (await (await fetch(`${server.url}/api/entity/person/kevin-bacon`)).json()) as { filmography: { id: string; title: string; poster_path: string | null }[] };
      const film = entity.filmography[0]!;
      const { page, pageErrors, close } = await openPage(browser, MOBILE);
      await registerUser(page, server.url, `fp_${Date.now().toString(36)}`);
      await callApi(page, 'POST', '/api/watchlist', { movieId: film.id, movieTitle: film.title, posterPath: film.poster_path });
      const html = await page.evaluate(async (path) => (await fetch(path)).text(), ENTITY);
      expect(html).not.toContain('Logout');
      expect(html).not.toContain("Remove from Watchlist");

      await page.goto(server.url + ENTITY);
      const heading = page.getByRole('heading', { level: 1, includeHidden: true });
      const before = await heading.boundingBox();
      // Their own state, once the session is known: the film is on their watchlist.
      await page.getByRole('button', { name: `Remove from Watchlist: ${film.title}` }).waitFor();
      expect(await page.getByRole('button', { name: `Remove from Watchlist: ${film.title}` }).getAttribute('aria-pressed')).toBe('true');
      expect(await heading.boundingBox()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { __hydrationErrors: string[] }).__hydrationErrors)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await close();
    });
  });
});
