import { randomBytes } from 'node:crypto';
import { DISCOVERY_TEXTS, RECOMMENDATION_LIMIT } from '@cinema-dna/shared-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { callApi } from './support/api.js';
import { DESKTOP, launchBrowser, openPage, expectToast, type OpenedPage } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

/**
 * Discovery in Chromium against the built app on the starter catalog: a guest's /discovery (every
 * tab, Surprise Me, a mood, and Popular with Friends' fallback toast); then a member who logged a few
 * films and follows someone who logged others (Recommended For You with its reasons, Popular with
 * Friends with who watched). Screenshots at 1280×800 and 390×844.
 */

let server: AppServer;
let browser: Browser;
/** The guest's page, kept across the guest's tests. */
let guest: OpenedPage;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await guest?.close();
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'analytical-engine-1843';

/** Registers through the API (the sign-up form has its own browser test) and returns the new user's id. */
async function register(page: Page, username: string): Promise<number> {
  await page.goto(`${server.url}/about`);
  const user = await callApi<{ id: number }>(page, 'POST', '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD });
  return user.id;
}

/** Logs films in the diary, watched in the last few days. */
async function logFilms(page: Page, films: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [index, [movieId, movieTitle]] of films.entries()) {
    const watchedDate = new Date(Date.now() - (index + 1) * 86_400_000).toISOString().slice(0, 10);
    await callApi(page, 'POST', '/api/diary', { movieId, movieTitle, watchedDate, rating: 5, rewatch: false });
  }
}

/** The cards of the list named `name`, once it shows; how many. */
async function cardCount(page: Page, name: string): Promise<number> {
  const list = page.getByRole('list', { name, exact: true });
  await list.getByRole('article').first().waitFor();
  return list.getByRole('article').count();
}


describe('discovery', () => {
  it('shows a guest every tab: Trending (12 with when it was updated, 6 people), Highest Rated, Recent, Coming Soon and Award Winners', async () => {
    guest = await openPage(browser, DESKTOP, 'discovery-guest');
    const page = guest.page;
    await page.goto(`${server.url}/discovery`);
    await page.getByRole('heading', { level: 1, name: DISCOVERY_TEXTS.heading }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Trending', 'Popular', 'Recent', 'Awards']);

    expect(await cardCount(page, DISCOVERY_TEXTS.trending)).toBe(12);
    await page.getByText(DISCOVERY_TEXTS.updatedHourly, { exact: true }).waitFor();
    await page.getByTestId('trending-updated-at').waitFor();
    expect(await cardCount(page, DISCOVERY_TEXTS.popularPeople)).toBe(6);
    // Every card shows at most two genres, every person at most two known-for titles.
    expect(Math.max(...(await page.getByRole('list', { name: 'Genres' }).evaluateAll((lists) => lists.map((list) => list.children.length))))).toBeLessThanOrEqual(2);
    expect(Math.max(...(await page.getByRole('list', { name: / is known for$/ }).evaluateAll((lists) => lists.map((list) => list.children.length))))).toBeLessThanOrEqual(2);
    expect(await page.getByRole('heading', { name: DISCOVERY_TEXTS.recommended }).count()).toBe(0);
    await screenshotBothSizes(page, 'discovery-guest');
    await expectNoSidewaysScroll(page);

    await page.getByRole('tab', { name: 'Popular' }).click();
    expect(await cardCount(page, DISCOVERY_TEXTS.highestRated)).toBe(12);
    await page.getByRole('tab', { name: 'Recent' }).click();
    expect(await cardCount(page, DISCOVERY_TEXTS.recent)).toBeGreaterThan(0);
    expect(await cardCount(page, DISCOVERY_TEXTS.upcoming)).toBeGreaterThan(0);
    await screenshotBothSizes(page, 'discovery-recent');
    await page.getByRole('tab', { name: 'Awards' }).click();
    expect(await cardCount(page, DISCOVERY_TEXTS.awards)).toBeGreaterThan(0);

    // A card opens its film's page.
    const firstWinner = page.getByRole('list', { name: DISCOVERY_TEXTS.awards }).getByRole('article').first();
    const title = (await firstWinner.getAttribute('aria-label'))!;
    await firstWinner.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/entity\/movie\//);
    expect(guest.pageErrors).toEqual([]);
  });

  it('gives a guest a Surprise Me pick and a mood’s films in the dismissible panel, and the friends fallback toast', async () => {
    const page = guest.page;
    await page.goto(`${server.url}/discovery`);
    await page.getByRole('heading', { level: 1, name: DISCOVERY_TEXTS.heading }).waitFor();

    await page.getByRole('button', { name: DISCOVERY_TEXTS.surpriseMe }).click();
    const panel = page.getByTestId('special-pick');
    await panel.getByRole('article').first().waitFor();
    expect(await panel.getByRole('article').count()).toBe(1);
    expect((await panel.getByTestId('special-pick-description').textContent())?.trim()).not.toBe('');

    // The client picks one of the server's moods at random and shows its name and description.
    const selector = await callApi<{ moods: Record<string, unknown[]>; about: Record<string, { description: string }> }>(page, 'GET', '/api/movies/mood-selector');
    await page.getByRole('button', { name: DISCOVERY_TEXTS.basedOnMood }).click();
    await panel.getByText(DISCOVERY_TEXTS.basedOnMood, { exact: true }).waitFor();
    await panel.getByRole('article').first().waitFor();
    const mood = (await panel.locator(':scope > h3').textContent())!;
    expect(Object.keys(selector.moods)).toContain(mood);
    expect(await panel.getByTestId('special-pick-description').textContent()).toBe(selector.about[mood]!.description);
    await screenshotBothSizes(page, 'discovery-mood');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: DISCOVERY_TEXTS.popularWithFriends }).click();
    await expectToast(page, DISCOVERY_TEXTS.friendsFailedTitle);
    await page.getByText(DISCOVERY_TEXTS.friendsFailedDescription).first().waitFor();
    expect(await panel.count()).toBe(0);
    expect(guest.pageErrors).toEqual([]);
  });

  it('shows a member Recommended For You with reasons, and Popular with Friends after following someone who logged films', async () => {
    const friend = await openPage(browser, DESKTOP, 'discovery-friend');
    const friendName = `grace_${randomBytes(3).toString('hex')}`;
    const friendId = await register(friend.page, friendName);
    await logFilms(friend.page, [
      ['mad-max-fury-road-2015', 'Mad Max: Fury Road'],
      ['amelie-2001', 'Amélie'],
    ]);
    await friend.close();

    const member = await openPage(browser, DESKTOP, 'discovery-member');
    const page = member.page;
    await register(page, `ada_${randomBytes(3).toString('hex')}`);
    await logFilms(page, [
      ['heat-1995', 'Heat'],
      ['the-godfather-1972', 'The Godfather'],
      ['goodfellas-1990', 'Goodfellas'],
    ]);
    await callApi(page, 'POST', '/api/users/follow', { userId: friendId });

    await page.goto(`${server.url}/discovery`);
    await page.getByRole('heading', { name: DISCOVERY_TEXTS.recommended }).waitFor();
    const recommended = page.getByRole('list', { name: DISCOVERY_TEXTS.recommended });
    const count = await cardCount(page, DISCOVERY_TEXTS.recommended);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(RECOMMENDATION_LIMIT);
    const reasons = await recommended.getByTestId('recommendation-reason').allTextContents();
    expect(reasons).toHaveLength(count);
    for (const reason of reasons) expect(reason.trim()).not.toBe('');
    // Nothing already logged is recommended.
    const titles = await recommended.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    expect(titles).not.toContain('Heat');

    // Add to Watchlist from a card.
    const first = recommended.getByRole('article').first();
    const firstTitle = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: `Add to Watchlist: ${firstTitle}` }).click();
    await expectToast(page, 'Added to Watchlist');
    await first.getByRole('button', { name: `Remove from Watchlist: ${firstTitle}` }).waitFor();
    await screenshotBothSizes(page, 'discovery-member');

    await page.getByRole('button', { name: DISCOVERY_TEXTS.popularWithFriends }).click();
    const panel = page.getByRole('region', { name: DISCOVERY_TEXTS.popularWithFriends });
    await panel.getByRole('article', { name: 'Mad Max: Fury Road' }).waitFor();
    await panel.getByRole('article', { name: 'Amélie' }).waitFor();
    expect(await panel.getByRole('article', { name: 'Mad Max: Fury Road' }).textContent()).toContain(friendName);
    await screenshotBothSizes(page, 'discovery-friends');
    await expectNoSidewaysScroll(page);
    expect(member.pageErrors).toEqual([]);
    await member.close();
  });
});
