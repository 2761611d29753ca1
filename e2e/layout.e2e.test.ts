import { randomBytes } from 'node:crypto';
import { PROFILE_TEXTS } from '@cinema-dna/shared-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signIn } from './support/accounts.js';
import { callApi } from './support/api.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from './support/browser.js';
import { screenshotBothSizes } from './support/screens.js';

/**
 * Issue 26, item 8 and the click of item 6, in Chromium against the built app: every route names
 * itself in the tab, the admin tabs are all reachable on a phone, and Find Connection answers the
 * click with the searching state before the server has said anything.
 */

const ADMIN = { username: `root_${randomBytes(3).toString('hex')}`, password: 'projection-booth-1927' };
const MEMBER = `member_${randomBytes(3).toString('hex')}`;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FIND_CONNECTION_RATE_LIMIT: '500' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const finder = (page: Page) => page.getByRole('form', { name: 'Find a connection' });

async function pickEntity(page: Page, label: string, text: string, name: string) {
  const input = finder(page).getByRole('combobox', { name: label, exact: true });
  await input.fill(text);
  await page.getByRole('option', { name: new RegExp(`^${name},`) }).first().click();
  expect(await input.inputValue()).toBe(name);
}

/** The tab title once the page has settled on it (titles are set by effects). */
async function titleOf(page: Page, path: string, heading: RegExp | string): Promise<string> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  return page.title();
}

describe('tab titles', () => {
  it('every route names itself in the tab, /profile included, signed out and signed in', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'titles');
    // Signed out: pages that ask you to sign in still say where you are.
    expect(await titleOf(page, '/profile', /sign in|log in|welcome/i)).toBe(`${PROFILE_TEXTS.ownTitle} · Cinema DNA`);
    expect(await titleOf(page, '/diary', /.+/)).toBe('Film Diary · Cinema DNA');
    expect(await titleOf(page, '/about', /.+/)).toBe('About · Cinema DNA');
    expect(await titleOf(page, '/status', /.+/)).toBe('System Status · Cinema DNA');
    expect(await titleOf(page, '/no-such-page', /.+/)).toBe('Page not found · Cinema DNA');

    await registerUser(page, server.url, MEMBER);
    expect(await titleOf(page, '/profile', MEMBER)).toBe(`${PROFILE_TEXTS.ownTitle} · Cinema DNA`);
    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { level: 1, name: MEMBER }).waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshotBothSizes(page, 'layout-profile');
    expect(await titleOf(page, `/u/${MEMBER}`, MEMBER)).toBe(`${MEMBER} (@${MEMBER}) · Cinema DNA`);
    await close();
  });
});

describe('admin tabs on a phone', () => {
  it('all five tabs are on screen at 390 wide and reachable with the keyboard', async () => {
    const { page, close } = await openPage(browser, MOBILE, 'admin-tabs');
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/secure-admin-access-panel`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Overview', 'Users', 'Connections', 'System', 'Content']);
    const offScreen = await tabs.evaluateAll((all) =>
      all.filter((tab) => {
        const box = tab.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth || box.width === 0;
      }).map((tab) => tab.textContent),
    );
    expect(offScreen).toEqual([]);
    // Arrow keys walk the row to the last tab.
    await tabs.first().focus();
    for (const name of ['Users', 'Connections', 'System', 'Content']) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((label) => document.activeElement?.textContent === label, name);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
    }
    await page.goto(`${server.url}/secure-admin-access-panel`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await screenshotBothSizes(page, 'layout-admin-tabs', { fullPage: false });
    await close();
  });
});

describe('Find Connection answers the click', () => {
  it('shows the searching state on screen while the server has not answered yet', async () => {
    // On a phone the finder fills the screen: the stage starts below the fold.
    const { page, close } = await openPage(browser, MOBILE, 'searching-state', { reducedMotion: 'no-preference' });
    // No live socket, and the search request held: nothing from the server can drive what shows.
    await page.route('**/socket.io/**', (route) => route.abort());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route('**/api/find-connection', async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto(server.url);
    await page.getByTestId('hero-stats').waitFor();
    await screenshotBothSizes(page, 'layout-home-hero', { fullPage: false });
    await page.setViewportSize(MOBILE);
    await pickEntity(page, 'From', 'kevin ba', 'Kevin Bacon');
    await pickEntity(page, 'To', 'keanu', 'Keanu Reeves');
    // Timings for the report (never asserted): click → searching text in the DOM, and → on screen.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: typeof marks }).__marks = marks;
      document.addEventListener('click', () => { marks.click = performance.now(); }, { capture: true, once: true });
      const check = () => {
        const status = [...document.querySelectorAll('[data-testid="search-status"], [role="status"]')].find((el) => el.textContent?.trim().startsWith('Searching'));
        if (status) {
          const box = status.getBoundingClientRect();
          const inView = box.top >= 0 && box.bottom <= window.innerHeight;
          if (marks.inDom === undefined) {
            marks.inDom = performance.now();
            // The first frame that has the searching state: is it where the user is looking?
            marks.onScreenInFirstFrame = inView ? 1 : 0;
          }
          if (inView && marks.onScreen === undefined) marks.onScreen = performance.now();
        }
        if (marks.onScreen === undefined) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await finder(page).getByRole('button', { name: 'Find Connection' }).click();
    const stage = page.getByTestId('search-stage');
    await stage.getByTestId('search-status').filter({ hasText: 'Searching...' }).waitFor();
    expect(await finder(page).getByRole('button', { name: 'Finding Connection...' }).isDisabled()).toBe(true);
    // Still held: the state came from the click alone.
    await expect.poll(() => requested).toBe(true);
    await page.waitForFunction(() => (window as unknown as { __marks: { onScreen?: number } }).__marks.onScreen !== undefined);
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    // The first frame that shows the searching state shows it on screen, not below the fold on its way up.
    expect(marks.onScreenInFirstFrame).toBe(1);
    console.info(`click → "Searching..." in DOM ${(marks.inDom! - marks.click!).toFixed(1)} ms, on screen ${(marks.onScreen! - marks.click!).toFixed(1)} ms`);
    await screenshot(page, 'layout-searching-mobile', { fullPage: false });
    release();
    await page.getByRole('heading', { name: 'Connection Found!' }).waitFor();
    await close();
  });
});

describe('Compare', () => {
  it('the chain between two favourites, pictured at 1280 and 390 once the dialog has settled', async () => {
    const suffix = randomBytes(3).toString('hex');
    const [nameA, nameB] = [`cmp_a_${suffix}`, `cmp_b_${suffix}`];
    const b = await openPage(browser, DESKTOP, 'compare-b');
    await registerUser(b.page, server.url, nameB);
    const today = new Date().toISOString().slice(0, 10);
    await callApi(b.page, 'POST', '/api/diary', { movieId: 'the-dark-knight-rises-2012', movieTitle: 'The Dark Knight Rises', watchedDate: today, rating: 5, rewatch: false });
    await callApi(b.page, 'POST', '/api/diary', { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: today, rating: 3, rewatch: false });
    await b.close();
    const { page, close } = await openPage(browser, DESKTOP, 'compare-a');
    await registerUser(page, server.url, nameA);
    await callApi(page, 'POST', '/api/diary', { movieId: 'la-haine-1995', movieTitle: 'La Haine', watchedDate: today, rating: 5, rewatch: false });
    await callApi(page, 'POST', '/api/diary', { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: today, rating: 4, rewatch: false });
    await page.goto(`${server.url}/u/${nameB}`);
    await page.getByRole('heading', { level: 1, name: nameB }).waitFor();
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Compare' }).click();
      const compare = page.getByRole('dialog', { name: `You and ${nameB}` });
      await compare.getByRole('list', { name: 'Connection path' }).waitFor();
      // Pictured once every opening animation has finished.
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await compare.evaluate((dialog) => {
        const chain = dialog.querySelector('[aria-label="Connection path"]');
        chain?.scrollIntoView({ block: 'center' });
      });
      await screenshot(page, `layout-compare-${size === DESKTOP ? 'desktop' : 'mobile'}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await compare.waitFor({ state: 'detached' });
    }
    await close();
  });
});

describe('scroll between pages', () => {
  it('a new page starts at the top, Back returns to where the reader was, and a tab change leaves the scroll alone', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'scroll');
    await page.goto(`${server.url}/`);
    await page.waitForSelector('html[data-hydrated]');
    // Mid-page, so the position does not depend on the page's exact height.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY === 1200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings', exact: true }).click();
    await page.waitForURL(`${server.url}/leaderboards`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back: the home page, where the reader left it (the page may still be filling in: the app keeps trying).
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await page.waitForFunction(() => window.scrollY === 1200, undefined, { timeout: 5000 });

    // Discovery's tabs replace the query of the same page: the reader stays where the tabs are (below the
    // sticky header, so the click needs no scrolling of its own).
    await page.goto(`${server.url}/discovery`);
    await page.waitForSelector('html[data-hydrated]');
    const tabs = page.getByRole('tablist');
    await tabs.evaluate((list) => window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY - 160));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);
    await tabs.getByRole('tab', { name: /popular/i }).click();
    await page.waitForURL(/tab=popular/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await close();
  });
});
