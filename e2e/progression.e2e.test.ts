import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot, dismissToasts, expectToast, LONG_FLOW_TIMEOUT_MS, toastCard } from './support/browser.js';

/**
 * Progression in Chromium against the built app: points arrive in the header live, a first discovery
 * earns the 'First Connection' badge (toast, then /badges), and a second browser watching
 * /leaderboards sees the player's row appear and climb without reloading.
 */

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

const PASSWORD = 'analytical-engine-1843';
const newUsername = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Registers on /login?tab=register and waits to land on the home page, signed in; returns the user's id. */
async function register(page: Page, username: string): Promise<number> {
  await page.goto(`${server.url}/login?tab=register&returnTo=%2F`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/`);
  const session = await page.evaluate(async () => (await (await fetch('/api/auth/session')).json()) as { user: { id: number } });
  return session.user.id;
}

/** The socket is connected once the footer shows the server's online count. */
async function waitForLiveConnection(page: Page) {
  await page.getByTestId('presence-count').waitFor({ timeout: 15_000 });
}

/** The points the header's badge shows now. */
async function headerPoints(page: Page): Promise<number> {
  const text = (await page.getByTestId('header-points').first().textContent()) ?? '';
  const match = /^([\d,]+) pts$/.exec(text.trim());
  expect(match, `header points "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

/** Runs one of the home page's example searches and waits for its answer. */
async function findExample(page: Page, pair: string) {
  await page.goto(server.url);
  await waitForLiveConnection(page);
  await page.getByRole('button', { name: pair, exact: true }).click();
  await page.getByRole('heading', { name: 'Connection Found!' }).waitFor({ timeout: 15_000 });
}


/** The user ids of the watched board's rows, top first. */
const boardOrder = (page: Page) => page.getByTestId('leaderboard-row').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.userId)));

describe('progression', () => {
  it('pays a discovery into the header, toasts the First Connection badge, shows it on /badges and moves the live board', async () => {
    // A rival who already discovered a connection: 1 (daily login) + 10 (discovery) + the badge rewards.
    const rival = await openPage(browser, DESKTOP, 'progression-rival');
    const rivalId = await register(rival.page, newUsername('rival'));
    await findExample(rival.page, 'Kevin Bacon and Tom Hanks');
    await expect.poll(() => headerPoints(rival.page), { timeout: 15_000 }).toBeGreaterThanOrEqual(11);
    await rival.close();

    // A visitor watching the global board, signed out, who never reloads.
    const watcher = await openPage(browser, DESKTOP, 'progression-watcher', { reducedMotion: 'no-preference' });
    await watcher.page.goto(`${server.url}/leaderboards`);
    await waitForLiveConnection(watcher.page);
    await expect.poll(() => boardOrder(watcher.page), { timeout: 10_000 }).toEqual([rivalId]);
    await watcher.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The player registers: the daily login's point puts them on the board, below the rival, live.
    const player = await openPage(browser, DESKTOP, 'progression-player');
    const playerId = await register(player.page, newUsername('player'));
    await waitForLiveConnection(player.page);
    await expect.poll(() => boardOrder(watcher.page), { timeout: 10_000 }).toEqual([rivalId, playerId]);

    // A first discovery: 10 points land in the header and the badge toast follows.
    const before = await headerPoints(player.page);
    await findExample(player.page, 'Kevin Bacon and Tom Hanks');
    await expect.poll(() => headerPoints(player.page), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 10);
    expect(await headerPoints(player.page)).toBeGreaterThanOrEqual(10);
    await toastCard(player.page, /Badges? earned/, 'First Connection').waitFor({ timeout: 15_000 });
    await screenshot(player.page, 'progression-badge-toast-desktop', { fullPage: false });
    await player.page.getByRole('button', { name: 'Save Path' }).click();
    await toastCard(player.page, /Connection Saved|Badges? earned/).waitFor();

    // A second discovery takes the player past the rival: their row climbs on the watcher's screen.
    await findExample(player.page, 'Meryl Streep and Keanu Reeves');
    await expect.poll(() => boardOrder(watcher.page), { timeout: 15_000 }).toEqual([playerId, rivalId]);
    const top = watcher.page.getByTestId('leaderboard-row').first();
    expect(await top.getAttribute('data-rank')).toBe('1');
    expect(await watcher.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The Change column shows the overtake, measured from the ranks both joined at today, and says so.
    const changeOf = (userId: number) => watcher.page.locator(`[data-testid="leaderboard-row"][data-user-id="${userId}"] [data-testid="rank-change"]`).last();
    await expect.poll(() => changeOf(playerId).textContent(), { timeout: 10_000 }).toBe('▲ 1');
    expect(await changeOf(playerId).getAttribute('aria-label')).toBe('up 1 place today');
    expect(await changeOf(rivalId).textContent()).toBe('▼ 1');
    expect(await watcher.page.getByTestId('change-baseline').textContent()).toBe('Change: places moved since 00:00 UTC today, or since joining the board today.');
    await screenshot(watcher.page, 'progression-leaderboards-live-desktop');

    // /badges shows the badge earned, with its date, in Recently Earned and in the collection.
    await player.page.goto(`${server.url}/badges`);
    const recent = player.page.getByRole('list', { name: 'Recently earned badges' });
    await recent.waitFor();
    expect(await recent.textContent()).toContain('First Connection');
    const tile = player.page.getByRole('list', { name: 'All Badges' }).getByRole('listitem', { name: 'First Connection' });
    expect(await tile.textContent()).toMatch(/Earned [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await player.page.getByText('No Badges Yet').count()).toBe(0);
    for (const label of ['Badges Earned', 'Badge Points', 'Rare Badges', 'Collection']) {
      expect(await player.page.getByTestId('badge-summary-card').filter({ hasText: label }).count()).toBe(1);
    }
    await dismissToasts(player.page);
    await screenshot(player.page, 'progression-badges-earned-desktop');
    await player.page.setViewportSize(MOBILE);
    // Phones: the whole page is 39 badges long; keep its opening screen and the category tabs' screen.
    await screenshot(player.page, 'progression-badges-earned-mobile', { fullPage: false });
    await player.page.getByRole('tablist', { name: 'Badge categories' }).evaluate((tabs) => window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 80));
    await screenshot(player.page, 'progression-badges-earned-mobile-collection', { fullPage: false });

    // /leaderboards signed in: the ranking card and the player's own row.
    await player.page.setViewportSize(DESKTOP);
    await player.page.goto(`${server.url}/leaderboards`);
    const card = player.page.getByRole('region', { name: 'Your ranking' });
    await card.getByText('#1').first().waitFor();
    await expect.poll(() => boardOrder(player.page)).toEqual([playerId, rivalId]);
    await dismissToasts(player.page);
    await screenshot(player.page, 'progression-leaderboards-desktop');
    await player.page.setViewportSize(MOBILE);
    await screenshot(player.page, 'progression-leaderboards-mobile');

    expect(watcher.pageErrors).toEqual([]);
    expect(player.pageErrors).toEqual([]);
    await watcher.close();
    await player.close();
  }, LONG_FLOW_TIMEOUT_MS);

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('shows a newcomer No Badges Yet, with the badges their first sign-in started in Badge Progress (%s)', async (label, viewport) => {
    const { page, pageErrors, close } = await openPage(browser, viewport, `progression-badges-empty-${label}`);
    await register(page, newUsername('new'));
    await page.goto(`${server.url}/badges`);
    await page.getByText('No Badges Yet').waitFor();
    // Registering is the first day's login: a streak badge is under way (count / requirement, whole percent).
    const progress = page.getByRole('region', { name: 'Badge Progress' });
    const started = progress.getByRole('listitem', { name: 'Daily Devotee' });
    await started.waitFor();
    expect(await started.textContent()).toContain('1 / 7 days · 14%');
    // A points badge counts points, in its own unit (never levels): the first login's point of Cinema Legend's 10,000.
    const legend = page.getByRole('list', { name: 'All Badges' }).getByRole('listitem', { name: 'Cinema Legend' });
    expect(await legend.textContent()).toContain('Reach level 9, Cinema Legend: 10,000 points.');
    expect(await legend.textContent()).toContain('1 / 10,000 points0%');
    expect(await progress.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    const tabs = await page.getByRole('tablist', { name: 'Badge categories' }).getByRole('tab').allTextContents();
    expect(tabs[0]).toMatch(/^All Badges\d+$/);
    expect(tabs.map((tab) => tab.replace(/\d+$/, ''))).toEqual(['All Badges', 'Discovery', 'Social', 'Expertise', 'Milestone', 'Special']);
    // How points work: the rules of points, under the collection.
    const rules = page.getByRole('region', { name: 'How points work' });
    expect(await rules.getByRole('table').getByRole('rowheader').allTextContents()).toEqual(['Connection discovery', 'Review', 'Watchlist add', 'Daily login', 'Challenge', 'Badge']);
    expect(await rules.textContent()).toContain('Races are for bragging rights: they pay no points.');
    await dismissToasts(page);
    await screenshot(page, `progression-badges-empty-${label}`, { fullPage: label === 'desktop' });
    // The section alone, cut from the whole page (scrolled to the top, so the sticky header stays up there).
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await rules.boundingBox();
    if (box) await screenshot(page, `progression-badges-how-points-work-${label}`, { clip: box });
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('asks a signed-out visitor to sign in on /badges; /leaderboards is public', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'progression-signed-out');
    await page.goto(`${server.url}/badges`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await expectToast(page, 'Authentication Required');
    await page.goto(`${server.url}/leaderboards`);
    await page.getByRole('heading', { level: 1, name: 'Leaderboards' }).waitFor();
    await page.getByTestId('leaderboard-row').first().waitFor();
    expect(await page.getByRole('region', { name: 'Your ranking' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'This Week' }).click();
    await page.getByText('Points earned this week. The board resets every Monday at 00:00 UTC.').waitFor();
    await page.getByTestId('leaderboard-row').first().waitFor();
    await screenshot(page, 'progression-leaderboards-weekly-signed-out-mobile');
    expect(pageErrors).toEqual([]);
    await close();
  });
});
