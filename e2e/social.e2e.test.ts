import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { callApi } from './support/api.js';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoSidewaysScroll, framesPainted, screenshotBothSizes } from './support/screens.js';

/**
 * The community in Chromium against the built app on the starter catalog: a guest's /social; user A
 * finds B with the search and follows B; B writes a review and A's open Activity tab shows it live,
 * without a reload; A's own /profile (stats, achievements, the year in films) and B's /u/<name>,
 * with the comparison; an unknown name is 'Profile Not Found'. Screenshots at 1280×800 and 390×844.
 */

let server: AppServer;
let browser: Browser;
/** A's and B's pages, signed in, kept across the tests of the file (each test builds on the last). */
let userA: OpenedPage;
let userB: OpenedPage;
const nameA = `ada_${randomBytes(3).toString('hex')}`;
const nameB = `grace_${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await userA?.close();
  await userB?.close();
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'analytical-engine-1843';

/** Registers on /login?tab=register and waits to land on the home page, signed in. */
async function register(page: Page, username: string): Promise<void> {
  await page.goto(`${server.url}/login?tab=register&returnTo=%2F`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/`);
}


/** This year's date, `monthsAgo` months back (clamped to this year), as YYYY-MM-DD. */
function dateThisYear(month: number, day: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), Math.min(month, now.getUTCMonth()), day));
  return date.toISOString().slice(0, 10);
}

describe('community', () => {
  it('shows a guest the dimmed page behind Full Access Required, whose Sign In opens the login dialog', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'social-guest');
    await page.goto(`${server.url}/social`);
    await page.getByText('Full Access Required').waitFor();
    await page.getByRole('heading', { name: 'Join the Community' }).waitFor();
    await screenshotBothSizes(page, 'social-guest');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Welcome to Cinema DNA' }).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('A finds B with the search and follows B; B’s review reaches A’s open Activity tab live', async () => {
    // A plays the animations (the live item slides in); B only calls the API.
    userA = await openPage(browser, DESKTOP, 'social-a', { reducedMotion: 'no-preference' });
    userB = await openPage(browser, DESKTOP, 'social-b');
    await register(userB.page, nameB);
    // A third member, so Discover has someone to suggest once A follows B.
    const third = await openPage(browser, DESKTOP, 'social-c');
    await register(third.page, `hedy_${randomBytes(3).toString('hex')}`);
    await third.close();
    await register(userA.page, nameA);
    const a = userA.page;

    await a.goto(`${server.url}/social`);
    await a.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    await a.getByRole('heading', { name: 'Discover New Users' }).waitFor();
    await a.getByRole('searchbox', { name: 'Search users' }).fill(nameB.slice(0, 9));
    const results = a.getByRole('list', { name: 'Search Results' });
    const cardB = results.getByRole('article', { name: nameB });
    await cardB.waitFor();
    await cardB.getByRole('button', { name: `Follow ${nameB}` }).click();
    await a.getByText('Following User', { exact: true }).first().waitFor();
    await a.getByText('You are now following this user.').first().waitFor();
    await cardB.getByRole('button', { name: `Unfollow ${nameB}` }).waitFor();
    // Discover suggests the third member, with the reason.
    await a.getByRole('list', { name: 'Discover New Users' }).getByTestId('user-card').first().waitFor();
    await screenshotBothSizes(a, 'social-discover');

    // Following lists B, without a follow button.
    await a.getByRole('tab', { name: 'Following' }).click();
    const following = a.getByRole('list', { name: 'Users You Follow' });
    await following.getByText(`@${nameB}`).waitFor();
    expect(await following.getByRole('button', { name: /follow/i }).count()).toBe(0);

    // The Activity tab is open; B writes a review and a diary entry; both appear with no reload.
    await a.getByRole('tab', { name: 'Activity' }).click();
    await a.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await a.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await callApi(userB.page, 'POST', '/api/reviews', {
      entityId: 'mad-max-fury-road-2015',
      entityType: 'movie',
      rating: 5,
      title: 'A chase that never lets go',
      content: 'Two hours of momentum, and every frame tells you where you are.',
    });
    const feed = a.getByRole('list', { name: 'Recent Activity' });
    const reviewItem = feed.getByTestId('activity-item').filter({ hasText: 'reviewed' });
    await reviewItem.waitFor({ timeout: 15_000 });
    expect(await reviewItem.textContent()).toContain(nameB);
    expect(await reviewItem.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1);
    // Its time is the server's: just written, never a time to come ("in 1 minute").
    expect(await reviewItem.textContent()).toContain('just now');
    expect(await feed.textContent()).not.toMatch(/\bin \d+ (second|minute)/);
    expect(await a.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The item that came live shows once, even when the tab reads the feed again.
    await a.getByRole('tab', { name: 'Discover' }).click();
    const reread = a.waitForResponse((response) => response.url().includes('/api/activity/feed'));
    await a.getByRole('tab', { name: 'Activity' }).click();
    // The feed read again has arrived and been drawn: a second copy of the live item would be on screen now.
    await reread;
    await reviewItem.waitFor();
    await framesPainted(a, 3);
    expect(await feed.getByTestId('activity-item').filter({ hasText: 'reviewed' }).count()).toBe(1);
    await screenshotBothSizes(a, 'social-activity');
    await expectNoSidewaysScroll(a);
    expect(userA.pageErrors).toEqual([]);
  });

  it('A’s own /profile: the header, four stat cards, achievements and the year in films', async () => {
    const a = userA.page;
    // A logs three films this year so the year in films has something to chart.
    const films = [
      ['mad-max-fury-road-2015', 'Mad Max: Fury Road', 4.5, dateThisYear(0, 12)],
      ['amelie-2001', 'Amélie', 4, dateThisYear(1, 3)],
      ['la-haine-1995', 'La Haine', 5, dateThisYear(2, 20)],
    ] as const;
    for (const [movieId, movieTitle, rating, watchedDate] of films) {
      await callApi(a, 'POST', '/api/diary', { movieId, movieTitle, watchedDate, rating, rewatch: false });
    }
    await a.goto(`${server.url}/profile`);
    await a.getByRole('heading', { level: 1, name: nameA }).waitFor();
    await a.getByText(`@${nameA}`).waitFor();
    expect(await a.getByTestId('profile-stat-card').count()).toBe(4);
    const filmsCard = a.getByTestId('profile-stat-card').filter({ hasText: 'Films Logged' });
    expect((await filmsCard.locator('dd').textContent())?.trim()).toBe('3');
    expect(await a.getByTestId('next-level-text').textContent()).toMatch(/^\d[\d,]* points? to /);
    await a.getByRole('progressbar', { name: 'Point Collector' }).waitFor();
    await a.getByText('No recent connections found').waitFor();
    await a.getByRole('img', { name: /^Films logged per month/ }).waitFor();
    await a.getByTestId('chart-bar').first().waitFor();
    await a.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await screenshotBothSizes(a, 'profile-overview');
    await expectNoSidewaysScroll(a);

    // Edit Profile saves the display name and bio.
    await a.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Display name').fill('Ada Lovelace');
    await dialog.getByLabel('Bio').fill('Poetical science, one film at a time.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await a.getByText('Poetical science, one film at a time.').waitFor();
    expect(userA.pageErrors).toEqual([]);
  });

  it('/u/<B> shows B’s profile with Follow state and Compare; an unknown name is Profile Not Found', async () => {
    const a = userA.page;
    await callApi(userB.page, 'POST', '/api/diary', { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: dateThisYear(0, 5), rating: 5, rewatch: false });
    await a.goto(`${server.url}/u/${nameB}`);
    await a.getByRole('heading', { level: 1, name: nameB }).waitFor();
    await a.getByRole('button', { name: `Unfollow ${nameB}` }).waitFor();
    const reviews = a.getByTestId('profile-stat-card').filter({ hasText: 'Reviews' });
    expect((await reviews.locator('dd').textContent())?.trim()).toBe('1');
    await a.getByRole('tab', { name: 'Reviews' }).click();
    await a.getByText('A chase that never lets go').waitFor();
    // Someone else's review: a signed-in visitor may report it to the moderators.
    await a.getByRole('button', { name: /^Report review: / }).first().waitFor();
    await screenshotBothSizes(a, 'user-profile-reviews');
    await a.getByRole('tab', { name: 'Overview' }).click();
    await screenshotBothSizes(a, 'user-profile');
    await expectNoSidewaysScroll(a);

    await a.getByRole('button', { name: 'Compare' }).click();
    const compare = a.getByRole('dialog', { name: `You and ${nameB}` });
    await compare.getByText('Films in common', { exact: true }).waitFor();
    await compare.getByText('Taste overlap', { exact: true }).waitFor();
    await compare.getByRole('link', { name: 'Mad Max: Fury Road' }).first().waitFor();
    await screenshot(a, 'user-profile-compare-desktop', { fullPage: false });
    await a.keyboard.press('Escape');

    await a.goto(`${server.url}/u/no_such_member_${randomBytes(3).toString('hex')}`);
    await a.getByRole('heading', { name: 'Profile Not Found' }).waitFor();
    expect(userA.pageErrors).toEqual([]);
  });

  it('shows a guest anyone’s profile, without follow, and asks them to sign in on /profile', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'profile-guest');
    await page.goto(`${server.url}/u/${nameB}`);
    await page.getByRole('heading', { level: 1, name: nameB }).waitFor();
    expect(await page.getByRole('button', { name: /Follow/ }).count()).toBe(0);
    await page.goto(`${server.url}/profile`);
    await page.getByText('Please sign in to view your profile and track your movie discovery journey.').first().waitFor();
    await page.getByText('Authentication Required').first().waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });
});
